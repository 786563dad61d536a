/* stats --html, compare --html: one self-contained page. */
