-- Super volcanic eruption
-- The holder's next volcano may be a super volcano: it erupts when play
-- returns to them, wiping out every critter around it, and ends the game.

local game, ipairs = game, ipairs

local NAME = "Super volcanic eruption"
local places = require("places")

card {
  name = NAME,
  levels = { 5, 5 },
  stars = 4,
  text = "Your next volcano may be a super volcano: it erupts when play returns to you, wiping out every critter around it, and ends the game.",
  ruling = "One per game, made from a volcano the holder buys while no other end sequence runs. It stands double-stacked (single if no Volcano is left), sends no lava yet and triggers the end; every other player gets one turn to escape. The trigger's last turn follows the card: one critter move (more with Agile critters) and nothing else, no buying, claiming or sacrifice. At its end every critter on and around it returns to hand, supply volcanoes ring it (clockwise from east, as far as the supply goes), the super volcano and each ring volcano take a lava token that flows on at once, and the trigger may place a final critter on an uninhabited, uncontrolled area two steps from it. Finale turns follow until no lava is left.",
}

local SUPER = game.end_reason("super_volcano", "a super volcano erupted")

-- stage: 0 none yet; 1 marked, the others' turns to escape; 2 the trigger's
-- last turn; 3 erupted: finale turns until the lava is gone.
local S = game.state{
  stage = 0,
  marking = false,          -- from the yes to the volcano's landing
  at = game.place(),        -- where it stands (follows the land if it moves)
  player = 0,
}

local CHOOSE = game.question{
  name = "super_volcano_choose",
  prompt = "Make this volcano the super volcano? It ends the game.",
  labels = { [1] = "Make it the super volcano" },
  pass = "An ordinary volcano",
  answer = function(ev)
    if ev.passed or S.stage ~= 0 or game.end_triggered() then return end
    S.stage, S.marking, S.player = 1, true, ev.player
    S.at = { q = ev.q, r = ev.r }
    game.trigger_end(SUPER)
  end,
}

local FINAL = game.question{
  name = "super_volcano_final_critter",
  prompt = "Place a final critter within the volcanic ring?",
  label = function(choice) return ("Onto %s"):format(places.area(choice, choice.value)) end,
  pass = "Place none",
  answer = function(ev)
    if not ev.passed then game.place_critter(ev.player, ev.q, ev.r, ev.value) end
  end,
}

on("volcano_targeted", function(ev)
  if not game.end_triggered() then
    CHOOSE:ask(ev.player, { { value = 1, q = ev.q, r = ev.r } })
  end
end, 0, { card = NAME, holder = true, state = { S, stage = 0 } })

-- The marked volcano lands: no lava yet, and a second volcano tile on top.
on("volcano_activated", function(ev)
  if places.same(S.at, ev) then
    S.marking = false
    ev.lava = false
    if game.supply("volcanoes") > 0 then game.stack_tile(ev.q, ev.r, "volcano") end
  end
end, 0, { card = NAME, state = { S, marking = true } })

-- The final critter (ruling): uninhabited tiles two steps from the super
-- volcano, on a free area of an uncontrolled biome.
local function final_choices(at)
  local out = {}
  for _, land in ipairs(game.land()) do
    local s = game.stack(land.q, land.r)
    if game.distance(at.q, at.r, land.q, land.r) == 2 and (s.areas or 0) > 0 and not s.lava and
       game.stack_field(land.q, land.r, "critters") == 0 then
      for area = 1, s.areas do
        local open = places.uncontrolled(land.q, land.r, area)
        for _, a in ipairs(game.biome_areas(land.q, land.r, area)) do
          if a.q == land.q and a.r == land.r and a.area == area and a.closed then open = false end
        end
        if open then out[#out + 1] = { q = land.q, r = land.r, value = area } end
      end
    end
  end
  return out
end

local function erupt()
  local at = S.at
  local ring = game.neighbours(at.q, at.r)
  for _, place in ipairs{ at, table.unpack(ring) } do
    for _, c in ipairs(game.critters_at(place.q, place.r)) do game.to_hand(c.player, c.index) end
  end
  local vents = { at }
  for _, n in ipairs(ring) do
    local s = game.stack(n.q, n.r)
    if s.height > 0 and s.top ~= "volcano" and not s.lava and game.supply("volcanoes") > 0 then
      game.stack_tile(n.q, n.r, "volcano")
      vents[#vents + 1] = n
    end
  end
  for _, v in ipairs(vents) do
    if not game.stack(v.q, v.r).lava then game.add_lava(v.q, v.r) end
  end
  if game.hand(S.player) > 0 then FINAL:ask(S.player, final_choices(at)) end
  S.stage = 3
end

on("turn_start", function(ev)
  if S.stage == 1 and ev.player == S.player then
    S.stage = 2
    ev.buy, ev.claim, ev.sacrifice = false, false, false
  elseif S.stage == 3 then
    if game.lava_count() == 0 then ev.over = true else ev.mode = "finale" end
  end
end, 0, { card = NAME, state = { S, stage = { 1, 3 } } })

-- The trigger's last turn ends in the blast, in place of collecting.
on("collect", function(ev)
  if ev.player == S.player then
    ev.allowed = false
    erupt()
  end
end, 0, { card = NAME, state = { S, stage = 2 } })
