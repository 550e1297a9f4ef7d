-- Volcanic migration
-- Your critters on a tile an opponent targets with a volcano may migrate to their connected biome for 3 resources each.

card {
  name = "Volcanic migration",
  levels = { 3, 4 },
  stars = 3,
  text = "Your critters on a tile an opponent targets with a volcano may migrate to their connected biome for 3 resources each.",
  ruling = "The 3 resources come from the owner's largest piles; the owner chooses the free area of the critter's biome it goes to, or stays and is wiped out.",
}

local NAME = "Volcanic migration"
local TAG = "volcanic_migration_escape"
local COST = 3

-- Ruling: the 3 resources are taken from the owner's largest piles (game.pay);
-- the owner chooses where the critter goes, or to stay and be wiped out.
local function total(player)
  local have = game.resources(player)
  return have.dark + have.medium + have.light
end

-- After an opponent picks a volcano's target, each critter of a holder there may
-- migrate to a free area of its biome on another tile, for 3 resources.
on("volcano_targeted", function(ev)
  for _, c in ipairs(game.critters_at(ev.q, ev.r)) do
    if c.player ~= ev.player and game.holds(c.player, NAME) and total(c.player) >= COST then
      local choices = {}
      for _, a in ipairs(game.biome_areas(c.q, c.r, c.area)) do
        if a.free and (a.q ~= c.q or a.r ~= c.r) then
          choices[#choices + 1] = { value = c.index * 10 + a.area, q = a.q, r = a.r }
        end
      end
      if #choices > 0 then
        game.ask{ player = c.player, tag = TAG, choices = choices, pass = true }
      end
    end
  end
end, 0, NAME)

on("decision", function(ev)
  if ev.tag ~= game.tag(TAG) or ev.choice < 0 then return end
  local index, area = ev.value // 10, ev.value % 10
  -- Still on the board, and the place still free? (other answers may have come first)
  local c = game.critters(ev.player)[index]
  if c.place ~= "board" then return end
  for _, other in ipairs(game.critters_at(ev.q, ev.r)) do
    if other.area == area then return end
  end
  if game.pay(ev.player, COST) then game.move_critter(ev.player, index, ev.q, ev.r, area) end
end, 0, NAME)
