-- Lateral eruption
-- When you buy a volcano you may roll a d4 for a second explosion site beside it.

card {
  name = "Lateral eruption",
  levels = { 2, 4 },
  stars = 3,
  text = "When you buy a volcano you may roll a d4 for a second explosion site beside it.",
}
