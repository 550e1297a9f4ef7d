-- Lava diversion
-- After a lava flow's target is rolled, the holder may roll a d6 to divert it.

local game, ipairs = game, ipairs

local NAME = "Lava diversion"
local places = require("places")

-- Whether lava on the board will flow at this turn's lava step: lava on land
-- with a lower neighbour (the ocean included). Lava in the ocean turns to soil.
-- Asked at every sacrifice decision of a player with the bolt: it walks the
-- few lava tokens, not every land stack, and reads single stack fields.
local function lava_will_flow()
  for q, r in game.each_lava() do
    local height = game.stack_field(q, r, "height")   -- 0: lava in the ocean
    if height > 0 then
      for nq, nr in game.each_neighbours(q, r) do
        if game.stack_field(nq, nr, "height") < height then return true end
      end
    end
  end
  return false
end

card {
  name = NAME,
  levels = { 1, 3 },
  stars = 1,
  -- The flows are announced at an internal decision where no card can be
  -- played, so the bolt is played at the turn's last decision before them.
  bolt = "sacrifice",
  bolt_needs = { lava = 1 },   -- most often none: no Lua call then
  bolt_offer = lava_will_flow,
  text = "After a lava flow's target is rolled you may roll a d6 to divert it: 1-2 and 5-6 send it to a neighbouring tile, 3-4 keep it on course.",
  ruling = "Every holder, in turn order from the active player, may try once per flow: with two flows announced together, each is offered. The two tiles flanking the target (the source's neighbours either side of it) are renumbered: 1-2 diverts the lava to the one clockwise before the target, 3-4 keeps its course, 5-6 diverts it to the one after. Diverted lava may go to any height; a flank past the board's edge keeps the lava on course. Caldera bolt: one diversion at this turn's lava step, holder or not: played in the sacrifice step while lava on the board will flow (no card can be played while the flows are announced); when they are, the player picks one flow and rolls for it as above.",
}

-- The flow a question is about, as it stands now (an earlier holder may have
-- diverted it), or nil once it is gone: flows are numbered within the step,
-- so its source confirms it.
local function flow_now(context)
  local flow = game.lava_flows()[context.flow]
  if flow and places.same(flow, context.from) then return flow end
  return nil
end

local S = game.state{
  bolt_turn = game.per_player(0),   -- the turn a bolt was played in
  bolt_armed = false,               -- a bolt was played since the last lava step's first flow
}

-- The d6 for flow number `number` (a game.lava_flows() entry `flow`).
local function roll_to_divert(number, flow)
  local dir   -- of the flow's target from its source: one step at a time, not the six neighbours' list
  for d = 1, 6 do
    local n = game.neighbour(flow.q, flow.r, d)
    if n and n.q == flow.to_q and n.r == flow.to_r then
      dir = d
      break
    end
  end
  if not dir then return end
  local roll = game.roll(6)
  local side = roll <= 2 and (dir + 4) % 6 + 1 or roll >= 5 and dir % 6 + 1 or nil
  local to = side and game.neighbour(flow.q, flow.r, side)
  if to then game.divert_lava(number, to.q, to.r) end
end

local TRY = game.question{
  name = "lava_diversion_try",
  prompt = function(q)
    local flow = flow_now(q.context)
    local to = flow and { q = flow.to_q, r = flow.to_r } or q.context.to
    return "Roll to divert the lava flowing to " .. places.at(to) .. "?"
  end,
  labels = { [1] = "Roll the d6" },
  pass = "Let it flow",
  context = { flow = 0, from = game.place(), to = game.place() },
  answer = function(ev)
    if ev.passed then return end
    local flow = flow_now(ev.context)
    if flow then roll_to_divert(ev.context.flow, flow) end
  end,
}

-- A player who played a bolt this turn (S.bolt_turn) picks one of this lava
-- step's flows, each choice at its source, and rolls for it.
local BOLT = game.question{
  name = "lava_diversion_bolt",
  prompt = "Which lava flow do you roll to divert?",
  label = function(choice)
    local flow = game.lava_flows()[choice.value]
    local to = flow and places.at{ q = flow.to_q, r = flow.to_r } or "its target"
    return ("Roll the d6 for the lava flowing from %s to %s"):format(places.at(choice), to)
  end,
  pass = "Let them all flow",
  answer = function(ev)
    if ev.passed then return end
    local flow = game.lava_flows()[ev.value]
    if flow and places.same(flow, ev) then roll_to_divert(ev.value, flow) end
  end,
}

-- The bolt's question, at a lava step's first flow (all of the step's flows
-- are decided then). Registered before the holders' handler, so BOLT is
-- asked before TRY. It runs only while a bolt is armed: a bolt is played in
-- its player's own turn, so at the first flow of any later lava step it is
-- either used (this turn's) or dead (an earlier turn's), and disarmed.
on("lava_flow", function(ev)
  if ev.flow ~= 1 then return end
  S.bolt_armed = false
  local active = game.active()
  if S.bolt_turn[active] ~= game.turn() then return end
  S.bolt_turn[active] = 0
  local choices = {}
  for i, f in ipairs(game.lava_flows()) do choices[i] = { value = i, q = f.q, r = f.r } end
  BOLT:ask(active, choices)
end, 0, { card = NAME, state = { S, bolt_armed = true } })

-- Every holder, in turn order from the active player, may try once per flow.
on("lava_flow", function(ev)
  local active, players, flow = game.active(), game.players(), ev.flow
  for k = 0, players - 1 do
    local p = (active + k) % players
    if game.holds(p, NAME) then
      local to = { q = ev.to_q, r = ev.to_r }
      TRY:ask(p, { { value = 1, q = to.q, r = to.r } }, { flow = flow, from = { q = ev.q, r = ev.r }, to = to })
    end
  end
end, 0, NAME)

on("caldera_played", function(ev)
  S.bolt_turn[ev.player] = game.turn()
  S.bolt_armed = true
end, 0, { card = NAME, when = { card = NAME } })
