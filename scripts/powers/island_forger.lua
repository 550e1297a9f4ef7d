-- Island forger
-- When you summon an island you may take a fourth tile; island tiles need not match edges.

card {
  name = "Island forger",
  levels = { 3, 4 },
  stars = 3,
  text = "When you summon an island you may take a fourth tile; island tiles need not match edges.",
}
