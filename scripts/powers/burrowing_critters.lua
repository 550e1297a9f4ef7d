-- Burrowing critters
-- In your sacrifice step you may burrow one of your critters (or let one emerge): a burrowed critter is safe from stacking, cannot move, does not collect, and emerges at the end.

card {
  name = "Burrowing critters",
  levels = { 1, 3 },
  stars = 2,
  text = "In your sacrifice step you may burrow one of your critters (or let one emerge): a burrowed critter is safe from stacking, cannot move, does not collect, and emerges at the end.",
}
