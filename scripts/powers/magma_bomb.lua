-- Magma bomb
-- Once per round, whenever someone sets off a volcano, roll a d6: the magma lands on that neighbour of the volcano and wipes out the critters there.

card {
  name = "Magma bomb",
  levels = { 1, 3 },
  stars = 2,
  text = "Once per round, whenever someone sets off a volcano, roll a d6: the magma lands on that neighbour of the volcano and wipes out the critters there.",
  ruling = "Once per round for each holder. The d6 picks the neighbour of the volcano, numbered clockwise from east; it may be higher than the volcano. Every critter there takes a blow: it returns to its owner's hand, or a Colossal critter loses its point of armour.",
}

local NAME = "Magma bomb"
local TAG = "magma_bomb_throw"
local THREW = {}   -- per player: the slot holding the round in which they last threw
for p = 0, 4 do THREW[p] = game.slot("magma_bomb.round_thrown." .. p) end

local function round() return (game.turn() - 1) // game.players() + 1 end

-- Whenever a volcano is set off, each holder who has not thrown this round may throw.
on("volcano_activated", function(ev)
  for p = 0, game.players() - 1 do
    if game.holds(p, NAME) and game.var(THREW[p]) ~= round() then
      game.ask{ player = p, tag = TAG, choices = { { value = 1, q = ev.q, r = ev.r } }, pass = true }
    end
  end
end, 0, NAME)

-- The d6 picks the neighbour (numbered clockwise from east); it may be higher
-- than the volcano. Every critter there takes a blow: wiped out to its owner's
-- hand, or an armoured (Colossal) critter loses a point of armour.
on("decision", function(ev)
  if ev.tag ~= game.tag(TAG) or ev.choice < 0 then return end
  game.set_var(THREW[ev.player], round())
  local hit = game.neighbours(ev.q, ev.r)[game.roll(6)]
  for _, c in ipairs(game.critters_at(hit.q, hit.r)) do game.damage(c.player, c.index) end
end, 0, NAME)
