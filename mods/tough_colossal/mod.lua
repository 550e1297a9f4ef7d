-- Tough colossal: a variant of a base power. Its card replaces the base
-- "Colossal critter" (card{ replaces = ... }): the base script
-- scripts/powers/colossal_critter.lua is dropped with all its handlers, its
-- action and its question, and this file's rules play instead.
--
-- The variant: a Colossal critter has 3 hit points instead of 2. It takes
-- two blows before it is an ordinary critter again, and stays Colossal
-- (worth 4 points) until the second of them.

manifest = {
  name = "tough_colossal",
  version = "1.0",
  description = "Variant of Colossal critter: 3 hit points instead of 2.",
}

local NAME = "Colossal critter"
local COST = 4
local words = require("words")   -- this mod's own file: mods/tough_colossal/words.lua

card {
  name = NAME,
  replaces = NAME,   -- same name: saves, --hold and --deal keep working; only the rules change
  levels = { 1, 3 },
  stars = 3,
  bolt = "claim",
  text = "In your claim step a critter may be upgraded for 4 resources to a 3-hit-point Colossal critter"
    .. " worth 4 points.",
  ruling = "Variant (mod tough_colossal). Once per claim step, on a regular critter of the holder's on the board,"
    .. " for 4 resources of the holder's choosing (each distinct payment is offered). Each of its two extra hit"
    .. " points takes one blow, whatever it is: arriving lava is stopped (the lava is removed), a magma bomb or"
    .. " other blow is absorbed, an eruption must be fled, for free, to the critter's biome elsewhere; a takeover"
    .. " is parried and the mover goes home. It stays Colossal, worth 4 points (1 as a critter, 3 more here),"
    .. " until the second blow; then it is an ordinary critter. Caldera bolt: one more upgrade this turn, in the"
    .. " claim step.",
}

-- A Colossal critter bears COLOSSAL while it has 2 or 3 hit points, and
-- HIDE while it has 3. The base power's mark ("colossal") stays declared
-- (the base script loaded before it was dropped), so these take other names.
local COLOSSAL = game.critter_mark{ name = "colossus", points = 3 }   -- scored by the engine at the end
local HIDE = game.critter_mark{ name = "thick_hide" }

-- Per seat: upgrades spent and bolts played this turn (`turn` says which).
local S = game.state{ today = game.per_player{ turn = 0, spent = 0, bolts = 0 } }

local function upgrades_left(player)
  local t = S.today[player]
  local spent, bolts = 0, 0
  if t.turn == game.turn() then spent, bolts = t.spent, t.bolts end
  return (game.holds(player, NAME) and 1 or 0) + bolts - spent
end

local function count_today(player, field)
  local t = S.today[player]
  if t.turn ~= game.turn() then t.turn, t.spent, t.bolts = game.turn(), 0, 0 end
  t[field] = t[field] + 1
end

local function upgrade(player, index, payment)
  game.pay(player, payment)
  game.mark(player, index, COLOSSAL, true)
  game.mark(player, index, HIDE, true)
end

local PAY = game.question{
  name = "tough_colossal_payment",
  prompt = "Pay for the Colossal critter how?",
  label = function(choice, q)
    local p = game.payments(q.player, { any = COST })[choice.value]
    return p and ("Pay " .. words.payment(p)) or "Pay"
  end,
  context = { critter = 0 },
  answer = function(ev)
    local pays = game.payments(ev.player, { any = COST })
    local c = game.critter(ev.player, ev.context.critter)
    if not pays[ev.value] or c.place ~= "board" or c.marks[COLOSSAL] then return end
    upgrade(ev.player, c.index, pays[ev.value])
  end,
}

game.action{
  name = "tough_colossal_upgrade",
  at = "claim",
  card = NAME,
  needs = { resources = COST },   -- checked by the engine before offers runs
  offers = function(player)
    if upgrades_left(player) <= 0 then return {} end
    local out = {}
    for _, c in ipairs(game.critters(player)) do
      if c.place == "board" and not c.marks[COLOSSAL] then out[#out + 1] = { critter = c, q = c.q, r = c.r } end
    end
    return out
  end,
  label = function(opt) return ("Make %s Colossal, 3 hit points (4 resources)"):format(words.critter(opt.critter)) end,
  perform = function(ev)
    count_today(ev.player, "spent")
    local pays = game.payments(ev.player, { any = COST })
    if #pays == 1 then
      upgrade(ev.player, ev.critter.index, pays[1])
      return
    end
    local choices = {}
    for i = 1, #pays do choices[i] = { value = i } end
    PAY:ask(ev.player, choices, { critter = ev.critter.index })
  end,
}

-- An extra hit point takes the blow, whatever it is, and is gone: the thick
-- hide first, then the Colossal's own.
on("critter_hit", function(ev)
  local c = game.critter(ev.owner, ev.critter)
  if c.marks[HIDE] then
    game.mark(ev.owner, ev.critter, HIDE, false)
  elseif c.marks[COLOSSAL] then
    game.mark(ev.owner, ev.critter, COLOSSAL, false)
  else
    return
  end
  if ev.cause == "eruption" then
    ev.flee = true                    -- must flee to its biome elsewhere, for free
  elseif ev.cause == "lava" or ev.cause == "takeover" then
    ev.spared, ev.stop = true, true   -- the lava is removed; a mover goes home
  else
    ev.spared = true
  end
end, 0, NAME)

on("caldera_played", function(ev) count_today(ev.player, "bolts") end, 0, { card = NAME, when = { card = NAME } })
