-- Sleight of land
-- The activator may turn the target tile before the Volcano lands on it.

local NAME = "Sleight of land"
local uses = require("uses").new(NAME)

-- Whether a volcano could go on a tile that turning changes: a Duo or a Trio
-- (two areas or more) without lava, where building is allowed.
local function turnable_target()
  for _, at in ipairs(game.land()) do
    local s = game.stack(at.q, at.r)
    if (s.areas or 0) >= 2 and not s.lava and not s.no_build then return true end
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

on("volcano_landing", function(ev)
  local at, turn = S.at, S.turn
  S.at, S.turn = nil, 0
  if not at or at.q ~= ev.q or at.r ~= ev.r then return end
  local s = game.stack(ev.q, ev.r)
  if s.areas and s.areas > 0 and not s.lava then
    game.rotate_top(ev.q, ev.r, (s.rotation + turn) % 6)
  end
end, 0, NAME)

on("volcano_targeted", function(ev)
  if uses.left(ev.player) <= 0 then return end
  local s = game.stack(ev.q, ev.r)
  if not s.areas or s.areas < 2 or s.lava then return end   -- an Uno looks the same every way
  local choices = {}
  for k = 1, 5 do choices[#choices + 1] = { value = k, q = ev.q, r = ev.r } end
  uses.spend(ev.player)
  TURN:ask(ev.player, choices)
end, 0, NAME)

on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then uses.bolt(ev.player) end
end, 0, NAME)
