-- Lava diversion
-- After a lava flow's target is rolled you may roll a d6 to divert it: 1-2 and 5-6 send it to a neighbouring tile, 3-4 keep it on course.

card {
  name = "Lava diversion",
  levels = { 1, 3 },
  stars = 1,
  text = "After a lava flow's target is rolled you may roll a d6 to divert it: 1-2 and 5-6 send it to a neighbouring tile, 3-4 keep it on course.",
  ruling = "Every holder, in turn order from the active player, may try once per flow. The two tiles flanking the target (the source's neighbours either side of it) are renumbered: 1-2 diverts the lava to the one clockwise before the target, 3-4 keeps its course, 5-6 diverts it to the one after. Diverted lava may go to any height.",
}

local NAME = "Lava diversion"
local TAG = "lava_diversion_roll"

-- Ruling: once the turn's flows are all announced, every holder (in turn order
-- from the active player) may try to divert one of them; the flow's number
-- travels as the choice's value. The two tiles flanking the target (the
-- source's neighbours either side of it) are renumbered: 1-2 diverts to the one
-- clockwise before the target, 3-4 keeps the course, 5-6 diverts to the one
-- after. Diverted lava may go to any height.
on("lava_flow", function(ev)
  local flows = game.lava_flows()
  if ev.flow ~= #flows then return end   -- ask once, at the last flow announced
  local choices = {}
  for i, f in ipairs(flows) do choices[#choices + 1] = { value = i, q = f.to_q, r = f.to_r } end
  for k = 0, game.players() - 1 do
    local p = (game.active() + k) % game.players()
    if game.holds(p, NAME) then
      game.ask{ player = p, tag = TAG, choices = choices, pass = true }
    end
  end
end, 0, NAME)

on("decision", function(ev)
  if ev.tag ~= game.tag(TAG) or ev.choice < 0 then return end
  local flow = game.lava_flows()[ev.value]
  if not flow then return end
  local around = game.neighbours(flow.q, flow.r)
  local target
  for i, at in ipairs(around) do
    if at.q == flow.to_q and at.r == flow.to_r then target = i end
  end
  if not target then return end
  local roll = game.roll(6)
  if roll <= 2 then
    local side = around[(target + 4) % 6 + 1]       -- the neighbour before the target
    game.divert_lava(ev.value, side.q, side.r)
  elseif roll >= 5 then
    local side = around[target % 6 + 1]             -- the neighbour after the target
    game.divert_lava(ev.value, side.q, side.r)
  end
end, 0, NAME)
