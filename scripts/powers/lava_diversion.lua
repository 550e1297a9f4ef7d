-- Lava diversion
-- After a lava flow's target is rolled, the holder may roll a d6 to divert it.

local NAME = "Lava diversion"
local places = require("places")

card {
  name = NAME,
  levels = { 1, 3 },
  stars = 1,
  text = "After a lava flow's target is rolled you may roll a d6 to divert it: 1-2 and 5-6 send it to a neighbouring tile, 3-4 keep it on course.",
  ruling = "Every holder, in turn order from the active player, may try once per flow: with two flows announced together, each is offered. The two tiles flanking the target (the source's neighbours either side of it) are renumbered: 1-2 diverts the lava to the one clockwise before the target, 3-4 keeps its course, 5-6 diverts it to the one after. Diverted lava may go to any height; a flank past the board's edge keeps the lava on course.",
}

-- The flow a question is about, as it stands now (an earlier holder may have
-- diverted it), or nil once it is gone: flows are numbered within the step,
-- so its source confirms it.
local function flow_now(context)
  local flow = game.lava_flows()[context.flow]
  if flow and places.same(flow, context.from) then return flow end
  return nil
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
    if not flow then return end
    local dir
    for _, n in ipairs(game.neighbours(flow.q, flow.r)) do
      if n.q == flow.to_q and n.r == flow.to_r then dir = n.dir end
    end
    if not dir then return end
    local roll = game.roll(6)
    local side = roll <= 2 and (dir + 4) % 6 + 1 or roll >= 5 and dir % 6 + 1 or nil
    local to = side and game.neighbour(flow.q, flow.r, side)
    if to then game.divert_lava(ev.context.flow, to.q, to.r) end
  end,
}

on("lava_flow", function(ev)
  for k = 0, game.players() - 1 do
    local p = (game.active() + k) % game.players()
    if game.holds(p, NAME) then
      local to = { q = ev.to_q, r = ev.to_r }
      TRY:ask(p, { { value = 1, q = to.q, r = to.r } }, { flow = ev.flow, from = { q = ev.q, r = ev.r }, to = to })
    end
  end
end, 0, NAME)
