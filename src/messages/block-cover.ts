/** What the editor says of a block whose area another block covers without the owner choosing it. */
export const blockCover = {
  badge: 'Covered',
  note: '{kind} block, column {column}, row {row}, is partly covered by {others}. Move one of them, or choose which shows with Bring forward or Send back.',
  overlapping: 'It overlaps {others}: move one of them, or choose which shows with Bring forward or Send back.',
} as const;
