-- Lava diversion
-- After a lava flow's target is rolled you may roll a d6 to divert it: 1-2 and 5-6 send it to a neighbouring tile, 3-4 keep it on course.

card {
  name = "Lava diversion",
  levels = { 1, 3 },
  stars = 1,
  text = "After a lava flow's target is rolled you may roll a d6 to divert it: 1-2 and 5-6 send it to a neighbouring tile, 3-4 keep it on course.",
}
