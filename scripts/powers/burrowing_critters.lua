-- Burrowing critters
-- In your sacrifice step you may burrow one of your critters (or let one emerge): a burrowed critter is safe from stacking, cannot move, does not collect, and emerges at the end.

card {
  name = "Burrowing critters",
  levels = { 1, 3 },
  stars = 2,
  text = "In your sacrifice step you may burrow one of your critters (or let one emerge): a burrowed critter is safe from stacking, cannot move, does not collect, and emerges at the end.",
  ruling = "One burrow or emergence per sacrifice step, besides the usual sacrifice. A burrowed critter is dormant: it also does not count for targeting and takes no part in contests, but still holds its biome against claims; all burrowed critters emerge at the end and score as usual.",
}

local NAME = "Burrowing critters"
local TAG = "burrowing_choice"

-- In the sacrifice step, besides the usual sacrifice, the holder may burrow one
-- of their critters on the board or let one burrowed critter emerge. A burrowed
-- critter is dormant in the engine's terms (see docs/lua-api.md): safe from
-- stacking, unable to move, collecting nothing, not counted for targeting. All
-- emerge at the end and score as usual (dormant critters score).
on("phase", function(ev)
  if ev.phase ~= game.PHASE.sacrifice or not game.holds(ev.player, NAME) then return end
  local choices = {}
  for _, c in ipairs(game.critters(ev.player)) do
    if c.place == "board" then
      -- value: the critter's index, negative to let a burrowed one emerge
      choices[#choices + 1] = { value = c.dormant and -c.index or c.index, q = c.q, r = c.r }
    end
  end
  if #choices > 0 then game.ask{ player = ev.player, tag = TAG, choices = choices, pass = true } end
end, 0, NAME)

on("decision", function(ev)
  if ev.tag ~= game.tag(TAG) or ev.choice < 0 then return end
  if ev.value > 0 then
    game.set_dormant(ev.player, ev.value, true)
  else
    game.set_dormant(ev.player, -ev.value, false)
  end
end, 0, NAME)
