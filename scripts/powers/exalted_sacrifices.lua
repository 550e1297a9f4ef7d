-- Exalted sacrifices
-- Each critter in the holder's crater scores 2 points instead of 1.

local NAME = "Exalted sacrifices"

card {
  name = NAME,
  levels = { 1, 2 },
  stars = 0,
  text = "At the end of the game each critter in your crater is worth 2 points instead of 1.",
  -- The core scores the holder's crater at 2 a critter (the second point in
  -- the scoring bonus), with no Lua call.
  abilities = { crater_points = 2 },
}

