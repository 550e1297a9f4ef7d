-- Volcanic winter
-- A spreading winter freezes the board from a tile you choose, stopping placement, movement, sacrifice and collection where it reaches, and ends the game.

card {
  name = "Volcanic winter",
  levels = { 5, 5 },
  stars = 4,
  text = "A spreading winter freezes the board from a tile you choose, stopping placement, movement, sacrifice and collection where it reaches, and ends the game.",
  ruling = "The unlocker picks the tile the winter starts from: any land tile not yet frozen (the first 96 in board order at most), only while no other end sequence runs. At the end of every turn every position, land or ocean, next to a frozen one freezes; unlocking the power again adds another spawn point. Once all land is frozen, finale turns follow until no lava is left.",
}

local NAME = "Volcanic winter"
local ASK_START = "volcanic_winter_start"

-- The sequence (rulebook: Volcanic winter; rulings in docs/rules.md):
--   0  no winter
--   1  winter: it began on a tile its unlocker chose, and at the end of every
--      turn every position (land or ocean) next to a frozen one freezes;
--      anyone unlocking the power again starts another spawn point
--   2  all land is frozen: finale turns until no lava is left, then scoring
local STAGE = game.slot("volcanic_winter.stage")

local function thawed_land()
  local out = {}
  for _, at in ipairs(game.land()) do
    if not game.frozen(at.q, at.r) then out[#out + 1] = at end
  end
  return out
end

-- A winter starts (or gains a spawn point) only while no other end sequence runs.
local function may_start()
  local e = game.end_triggered()
  return game.var(STAGE) <= 1 and (e == 0 or e == game.END.winter)
end

-- Unlocking the power: the unlocker picks the tile the winter starts from
-- (ruling: any land tile not yet frozen; the first 96 in board order at most).
on("power_unlocked", function(ev)
  if game.card(ev.card).name ~= NAME or not may_start() then return end
  local choices = {}
  for _, at in ipairs(thawed_land()) do
    if #choices < 96 then choices[#choices + 1] = { value = 1, q = at.q, r = at.r } end
  end
  if #choices > 0 then
    game.ask{ player = ev.player, tag = ASK_START, choices = choices }
  end
end, 0, NAME)

on("decision", function(ev)
  if ev.tag ~= game.tag(ASK_START) or ev.choice < 0 or not may_start() then return end
  game.freeze(ev.q, ev.r)
  if game.var(STAGE) == 0 then
    game.set_var(STAGE, 1)
    game.trigger_end(game.END.winter)
  end
end, 0, NAME)

-- Each turn's end, the winter spreads one ring; once all land is frozen the finale begins.
on("turn_end", function(ev)
  if game.var(STAGE) ~= 1 then return end
  game.spread_frozen()
  if #thawed_land() == 0 then game.set_var(STAGE, 2) end
end, 0, NAME)

on("turn_start", function(ev)
  if game.var(STAGE) ~= 2 then return end
  if game.lava_count() == 0 then ev.over = 1 else ev.mode = game.MODE.finale end
end, 0, NAME)
