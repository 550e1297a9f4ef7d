-- Exalted sacrifices
-- Each critter in the holder's crater scores 2 points instead of 1.

local NAME = "Exalted sacrifices"

card {
  name = NAME,
  levels = { 1, 2 },
  stars = 0,
  text = "At the end of the game each critter in your crater is worth 2 points instead of 1.",
}

-- Crater critters already score 1 each; the power adds the second point.
-- The gate's `holder` runs it for the card's holders only.
on("scoring", function(ev)
  ev.bonus = ev.bonus + ev.sacrifices
end, 0, { card = NAME, holder = true })
