-- Sleight of land
-- The activator may turn the target tile before the Volcano lands on it.

local game = game

local NAME = "Sleight of land"
local uses = require("uses").new(NAME)

-- Whether a Duo or a Trio (two areas or more) is at (q, r), without lava:
-- a tile that turning changes. Single stack fields, not the stack's table.
local function turnable(q, r)
  local areas, lava = game.stack_field(q, r, "areas", "lava")
  return (areas or 0) >= 2 and not lava
end

-- Whether a volcano could go on a tile that turning changes: a turnable
-- tile where building is allowed.
local function turnable_target()
  for q, r in game.each_land() do
    local areas, lava, no_build = game.stack_field(q, r, "areas", "lava", "no_build")
    if (areas or 0) >= 2 and not lava and not no_build then return true end
  end
  return false
end

card {
  name = NAME,
  levels = { 1, 3 },
  stars = 0,
  bolt = "target",
  -- Not for a holder whose own turn of the tile is still unused this turn.
  bolt_offer = function(player) return uses.left(player) == 0 and turnable_target() end,
  text = "When you activate a volcano you may turn the target tile to any orientation before the Volcano is placed on it.",
  ruling = "Each turn of the tile that gives a different pattern of edges is offered. Caldera bolt: while choosing a volcano's target, the tile may be turned as the power allows; offered only when a Duo or Trio could be the target and the player has no turn of their own left this turn.",
}

-- The turn chosen, carried out once the volcano's blow has fallen (rulebook:
-- the critters are removed for the volcano, then the tile is turned, then the
-- Volcano is placed).
local S = game.state{ at = game.place(), turn = 0 }

local TURN = game.question{
  name = "sleight_of_land_turn",
  prompt = function(q) return "Turn the target tile before the volcano lands on it?" end,
  label = function(choice) return ("Turn it %d sixth%s clockwise"):format(choice.value, choice.value == 1 and "" or "s") end,
  pass = "Leave it as it is",
  answer = function(ev)
    if ev.passed then return end
    S.at, S.turn = { q = ev.q, r = ev.r }, ev.value
  end,
}

-- Runs only while a turn is chosen (S.turn 1..5, set with S.at by TURN's
-- answer): every other landing leaves nothing to do.
on("volcano_landing", function(ev)
  local at, turn = S.at, S.turn
  S.at, S.turn = nil, 0
  local q, r = ev.q, ev.r
  if not at or at.q ~= q or at.r ~= r then return end
  local areas = game.stack_field(q, r, "areas")
  if areas and areas > 0 and not game.stack_field(q, r, "lava") then
    game.rotate_top(q, r, (game.stack_field(q, r, "rotation") + turn) % 6)
  end
end, 0, { card = NAME, state = { S, turn = { 1, 2, 3, 4, 5 } } })

on("volcano_targeted", function(ev)   -- only while the player has a use left (the gate's uses)
  local player = ev.player
  local q, r = ev.q, ev.r
  if not turnable(q, r) then return end   -- an Uno looks the same every way
  local choices = {}
  for k = 1, 5 do choices[k] = { value = k, q = q, r = r } end
  uses.spend(player)
  TURN:ask(player, choices)
end, 0, { card = NAME, uses = uses })

on("caldera_played", function(ev) uses.bolt(ev.player) end, 0, { card = NAME, when = { card = NAME } })
