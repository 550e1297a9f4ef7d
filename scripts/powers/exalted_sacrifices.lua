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
on("scoring", function(ev)
  if game.holds(ev.player, NAME) then ev.bonus = ev.bonus + ev.sacrifices end
end, 0, { card = NAME, holder = true })
