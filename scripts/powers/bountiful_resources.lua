-- Bountiful resources
-- You may hold up to 8 resources after collection for the rest of the game.

card {
  name = "Bountiful resources",
  levels = { 1, 2 },
  stars = 1,
  text = "You may hold up to 8 resources after collection for the rest of the game.",
}

local NAME = "Bountiful resources"

on("collect", function(ev)
  if game.holds(ev.player, NAME) and ev.cap < 8 then ev.cap = 8 end
end, 0, NAME)
