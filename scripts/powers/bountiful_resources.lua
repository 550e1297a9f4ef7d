-- Bountiful resources
-- The holder keeps up to 8 resources after collecting.

local NAME = "Bountiful resources"

card {
  name = NAME,
  levels = { 1, 2 },
  stars = 1,
  text = "You may hold up to 8 resources after collection for the rest of the game.",
}

on("collect", function(ev)
  if ev.cap < 8 then ev.cap = 8 end
end, 0, { card = NAME, holder = true })
