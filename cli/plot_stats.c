/* stats --plot: per-opcode bars grouped by instruction class. */
