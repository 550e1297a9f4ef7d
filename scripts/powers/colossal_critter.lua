-- Colossal critter
-- In the claim step a critter may be upgraded for 4 resources to a Colossal
-- critter: 2 hit points, worth 4 points.

local game = game

local NAME = "Colossal critter"
local COST = 4
local places = require("places")
local uses = require("uses").new(NAME)

-- Worth 4 points at the end: 1 as a critter, 3 more as the mark's points
-- (the core adds them to the scoring bonus, with no Lua call).
local COLOSSAL = game.critter_mark{ name = "colossal", points = 3 }

-- Whether one upgrade more than the player's upgrades left this turn could
-- be made: a regular critter on the board for each, and 4 resources for each
-- (the card's bolt_needs asks for the first 4 before any Lua runs).
local function upgrade_to_spare(player)
  local want = uses.left(player) + 1
  if game.resources(player, "total") < COST * want then return false end
  local n = 0
  for index in game.each_critter_places(player, "board") do
    if not game.critter_marked(player, index, COLOSSAL) then
      n = n + 1
      if n >= want then return true end
    end
  end
  return false
end

card {
  name = NAME,
  levels = { 1, 3 },
  stars = 3,
  bolt = "claim",
  bolt_needs = { resources = COST },
  bolt_offer = upgrade_to_spare,
  text = "In your claim step a critter may be upgraded for 4 resources to a 2-hit-point Colossal critter worth 4 points.",
  ruling = "Once per claim step, on a regular critter of the holder's on the board, for 4 resources of the holder's choosing (each distinct payment is offered). The second hit point: arriving lava is stopped (the lava is removed), a magma bomb or other blow is absorbed, an eruption must be fled, for free, to the critter's biome elsewhere (it is lost only if nowhere can take it); a takeover by a Cooperative critter is parried and the mover goes home. Each costs the Colossal its second hit point. It scores 4 points: 1 as a critter, 3 more here. Caldera bolt: one more upgrade this turn, in the claim step, offered only when the player has a regular critter on the board and 4 resources for it beyond the upgrades they have left.",
}


local PAY = game.question{
  name = "colossal_payment",
  prompt = "Pay for the Colossal critter how?",
  label = function(choice, q)
    local p = game.payments(q.player, { any = COST })[choice.value]
    return p and ("Pay " .. places.payment(p)) or "Pay"
  end,
  context = { critter = 0 },
  answer = function(ev)
    local pays = game.payments(ev.player, { any = COST })
    local c = game.critter(ev.player, ev.context.critter)
    if not pays[ev.value] or c.place ~= "board" or c.marks[COLOSSAL] then return end
    game.pay(ev.player, pays[ev.value])
    game.mark(ev.player, c.index, COLOSSAL, true)
  end,
}

game.action{
  name = "colossal_upgrade",
  at = "claim",
  card = NAME,
  uses = uses,   -- offered only while a use is left
  needs = { resources = COST },   -- and only to a player who can pay
  offers = function(player, offer)
    for index, q, r in game.each_critter_places(player, "board") do
      if not game.critter_marked(player, index, COLOSSAL) then offer(q, r, 0, player, index) end
    end
  end,
  label = function(opt) return ("Make %s Colossal (4 resources)"):format(places.critter(opt.critter)) end,
  perform = function(ev)
    uses.spend(ev.player)
    local pays = game.payments(ev.player, { any = COST })
    local choices = {}
    for i = 1, #pays do choices[i] = { value = i } end
    if #pays == 1 then
      game.pay(ev.player, pays[1])
      game.mark(ev.player, ev.critter.index, COLOSSAL, true)
    else
      PAY:ask(ev.player, choices, { critter = ev.critter.index })
    end
  end,
}

-- The second hit point takes the blow, whatever it is, and is gone.
on("critter_hit", function(ev)
  if not game.critter_marked(ev.owner, ev.critter, COLOSSAL) then return end
  game.mark(ev.owner, ev.critter, COLOSSAL, false)
  if ev.cause == "eruption" then
    ev.flee = true                    -- must flee to its biome elsewhere, for free
  elseif ev.cause == "lava" or ev.cause == "takeover" then
    ev.spared, ev.stop = true, true   -- the lava is removed; a mover goes home
  else
    ev.spared = true
  end
end, 0, NAME)

on("caldera_played", function(ev) uses.bolt(ev.player) end, 0, { card = NAME, when = { card = NAME } })
