-- Magma bomb
-- Once per round, whenever someone sets off a volcano, the holder may roll a
-- d6: the magma lands on that neighbour of the volcano.

local game, ipairs = game, ipairs

local NAME = "Magma bomb"
local places = require("places")

-- Whether a volcano could go on the stack at `at` (land without lava or a
-- volcano, where building is allowed); the targeting rules may still forbid it.
-- Asked of every stack next to a critter: one read of four values, not a
-- stack table.
local function may_erupt_on(q, r)
  local height, lava, top, no_build = game.stack_field(q, r, "height", "lava", "top", "no_build")
  return height > 0 and not lava and top ~= "volcano" and not no_build
end

-- Whether some critter on the board stands next to a stack a volcano could go
-- on: only there can the magma of a volcano set off now land on a critter.
local function critter_in_range()
  for p = 0, game.players() - 1 do
    for _, cq, cr in game.each_critter_places(p, "board") do
      for q, r in game.each_neighbours(cq, cr) do
        if may_erupt_on(q, r) then return true end
      end
    end
  end
  return false
end

card {
  name = NAME,
  levels = { 1, 3 },
  stars = 2,
  bolt = "target",
  bolt_offer = critter_in_range,
  text = "Once per round, whenever someone sets off a volcano, roll a d6: the magma lands on that neighbour of the volcano and wipes out the critters there.",
  ruling = "Once per round for each holder. The d6 picks the neighbour of the volcano, numbered clockwise from east; it may be higher than the volcano. Every critter there takes a blow: it returns to its owner's hand, unless something spares it (a Colossal critter loses its second hit point). A neighbour past the board's edge is a miss. Caldera bolt: a throw at a volcano set off this turn, besides the round's one; offered while choosing a volcano's target, when some critter stands next to a stack the volcano could go on.",
}

local S = game.state{
  thrown = game.per_player(0),      -- the round of the holder's last throw
  bolt_turn = game.per_player(0),   -- the turn a bolt was played in
}

local function round() return (game.turn() - 1) // game.players() + 1 end

local THROW = game.question{
  name = "magma_bomb_throw",
  prompt = function(q) return "Throw a magma bomb at the volcano at " .. places.at(q.context.volcano) .. "?" end,
  labels = { [1] = "Throw it (roll a d6 for where it lands)" },
  pass = "Keep it",
  context = { volcano = game.place(), bolt = 0 },
  answer = function(ev)
    if ev.passed then return end
    if ev.context.bolt == 1 then S.bolt_turn[ev.player] = 0 else S.thrown[ev.player] = round() end
    local at = ev.context.volcano
    local hit = game.neighbour(at.q, at.r, game.roll(6))
    if not hit then return end
    for _, c in ipairs(game.critters_at(hit.q, hit.r)) do game.hit(c.player, c.index) end
  end,
}

on("volcano_activated", function(ev)
  local q, r, activator = ev.q, ev.r, ev.player
  local at = { q = q, r = r }
  for p = 0, game.players() - 1 do
    if game.holds(p, NAME) and S.thrown[p] ~= round() then
      THROW:ask(p, { { value = 1, q = q, r = r } }, { volcano = at })
    end
    if p == activator and S.bolt_turn[p] == game.turn() then
      THROW:ask(p, { { value = 1, q = q, r = r } }, { volcano = at, bolt = 1 })
    end
  end
end, 0, NAME)

on("caldera_played", function(ev) S.bolt_turn[ev.player] = game.turn() end, 0, { card = NAME, when = { card = NAME } })
