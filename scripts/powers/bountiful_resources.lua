-- Bountiful resources
-- The holder keeps up to 8 resources after collecting.

local NAME = "Bountiful resources"

card {
  name = NAME,
  levels = { 1, 2 },
  stars = 1,
  text = "You may hold up to 8 resources after collection for the rest of the game.",
  -- The core starts a holder's collection from this cap, with no Lua call;
  -- "collect" handlers still see it as ev.cap and may change it.
  abilities = { resource_cap = 8 },
}
