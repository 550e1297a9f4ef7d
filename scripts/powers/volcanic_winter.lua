-- Volcanic winter
-- A winter spreads from a tile its unlocker chooses, freezing the board, and
-- ends the game.

local game, ipairs = game, ipairs

local NAME = "Volcanic winter"
local places = require("places")

card {
  name = NAME,
  levels = { 5, 5 },
  stars = 4,
  text = "A spreading winter freezes the board from a tile you choose, stopping placement, movement, sacrifice and collection where it reaches, and ends the game.",
  ruling = "The unlocker picks the tile the winter starts from: any land tile not yet frozen, only while no other end sequence runs. Nothing is built on a frozen position, no critter is placed, moved, migrated or evacuated onto or off it, or sacrificed from it, and critters on it collect nothing; lava still flows across it. At the end of every turn every position, land or ocean, next to a frozen one freezes; unlocking the power again adds another spawn point. Once all land is frozen, finale turns follow until no lava is left.",
}

local FROZEN = game.cell_mark{ name = "frozen", no_build = true, no_enter = true, no_leave = true, no_collect = true }
local WINTER = game.end_reason("winter", "a volcanic winter froze the land")

-- stage: 0 no winter; 1 it spreads at the end of every turn; 2 all land is
-- frozen: finale turns until no lava is left, then scoring.
local S = game.state{ stage = 0 }

local function thawed_land()
  local out = {}
  for _, at in ipairs(game.land()) do
    if not game.cell_marked(at.q, at.r, FROZEN) then out[#out + 1] = at end
  end
  return out
end

-- A winter starts (or gains a spawn point) only while no other end sequence runs.
local function may_start()
  local e = game.end_triggered()
  return S.stage <= 1 and (e == nil or e == WINTER)
end

local START = game.question{
  name = "volcanic_winter_start",
  prompt = "Where does the volcanic winter begin?",
  label = function(choice) return "The tile at " .. places.at(choice) end,
  answer = function(ev)
    if not may_start() then return end
    game.mark_cell(ev.q, ev.r, FROZEN, true)
    if S.stage == 0 then
      S.stage = 1
      game.trigger_end(WINTER)
    end
  end,
}

on("power_unlocked", function(ev)
  if may_start() then START:ask(ev.player, thawed_land()) end
end, 0, { card = NAME, when = { card = NAME } })

-- Whether some land is not frozen yet: stops at the first such stack.
local function land_thawed()
  for q, r in game.each_land() do
    if not game.cell_marked(q, r, FROZEN) then return true end
  end
  return false
end

-- Each turn's end, the winter spreads one ring; once all land is frozen the finale begins.
on("turn_end", function()
  for q, r in game.each_mark_border(FROZEN) do game.mark_cell(q, r, FROZEN, true) end   -- a walk: the ring as it was
  if not land_thawed() then S.stage = 2 end
end, 0, { card = NAME, state = { S, stage = 1 } })

on("turn_start", function(ev)
  if game.lava_count() == 0 then ev.over = true else ev.mode = "finale" end
end, 0, { card = NAME, state = { S, stage = 2 } })
