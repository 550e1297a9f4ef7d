-- Super volcanic eruption
-- Your next volcano may be a super volcano: it erupts when play returns to you, wiping out every critter around it, and ends the game.

card {
  name = "Super volcanic eruption",
  levels = { 5, 5 },
  stars = 4,
  text = "Your next volcano may be a super volcano: it erupts when play returns to you, wiping out every critter around it, and ends the game.",
  ruling = "One per game, made from a volcano the holder buys while no other end sequence runs. It stands double-stacked (single if no Volcano is left), sends no lava yet and triggers the end; every other player gets one turn to escape, then the trigger's last turn allows one move, no buying or sacrifice. At its end every critter on and around it returns to hand, supply volcanoes ring it (clockwise from east), each vent takes lava, and the trigger may place a final critter two steps away on an uncontrolled area. Finale turns follow until the lava reaches the ocean.",
}

local NAME = "Super volcanic eruption"
local ASK_SUPER = "super_volcano_choose"
local ASK_FINAL = "super_volcano_final_critter"

-- The sequence (rulebook: Super volcanic eruption; rulings in docs/rules.md):
--   0  no super volcano yet: a holder buying a volcano may make it the super volcano
--   1  marked: the volcano stands double-stacked, sends no lava yet, and the end
--      is triggered; the trigger's turn goes on, then every other player has one
--      ordinary turn to escape
--   2  the trigger's last turn: one move (more with Agile critters), no buying,
--      no sacrifice; at its end (the collect step, with nothing collected) the
--      blast, the ring and the final critter
--   3  erupted: finale turns until the lava has reached the ocean, then scoring
local STAGE = game.slot("super_volcano.stage")
local Q, R = game.slot("super_volcano.q"), game.slot("super_volcano.r")
local PLAYER = game.slot("super_volcano.player")
local MARKING = game.slot("super_volcano.marking")   -- 1 from the yes to the volcano's landing

-- Every volcano a holder buys may be the super volcano, until one is made (one per
-- game), and only while no other end sequence runs.
on("volcano_targeted", function(ev)
  if game.var(STAGE) == 0 and game.end_triggered() == 0 and game.holds(ev.player, NAME) then
    game.ask{ player = ev.player, tag = ASK_SUPER, choices = { { value = 1, q = ev.q, r = ev.r } }, pass = true }
  end
end, 0, NAME)

local function mark(ev)
  if game.var(STAGE) ~= 0 or game.end_triggered() ~= 0 then return end
  game.set_var(STAGE, 1)
  game.set_var(Q, ev.q)
  game.set_var(R, ev.r)
  game.set_var(PLAYER, ev.player)
  game.set_var(MARKING, 1)
  game.quiet_volcano()                       -- it does not erupt at once
  game.trigger_end(game.END.super_volcano)
end

-- The marked volcano lands: a second volcano tile from the supply goes on top
-- (ruling: with none left it stays a single tile, still the super volcano).
on("volcano_activated", function(ev)
  if game.var(MARKING) == 1 and ev.q == game.var(Q) and ev.r == game.var(R) then
    game.set_var(MARKING, 0)
    game.stack_volcano(ev.q, ev.r)
  end
end, 0, NAME)

local AREAS = { uno = 1, duo = 2, trio = 3 }

-- Whether the biome holding `area` of (q, r) has no critter in it.
local function uncontrolled(q, r, area)
  for _, a in ipairs(game.biome_areas(q, r, area)) do
    for _, c in ipairs(game.critters_at(a.q, a.r)) do
      if c.area == a.area then return false end
    end
  end
  return true
end

-- The final critter (ruling): with volcanoes on every neighbouring land stack,
-- "within the ring" is the land the blast reached just beyond it: uninhabited
-- tiles two steps from the super volcano, on an uncontrolled biome area.
local function final_critter_choices(q0, r0)
  local choices, seen = {}, {}
  for _, n in ipairs(game.neighbours(q0, r0)) do
    for _, m in ipairs(game.neighbours(n.q, n.r)) do
      local key = m.q .. "," .. m.r
      local dq, dr = m.q - q0, m.r - r0
      local dist = (math.abs(dq) + math.abs(dr) + math.abs(dq + dr)) // 2
      if dist == 2 and not seen[key] then
        seen[key] = true
        local s = game.stack(m.q, m.r)
        if AREAS[s.top or ""] and not s.lava and not s.frozen and #game.critters_at(m.q, m.r) == 0 then
          for area = 1, AREAS[s.top] do
            if uncontrolled(m.q, m.r, area) then
              choices[#choices + 1] = { value = area, q = m.q, r = m.r }
            end
          end
        end
      end
    end
  end
  return choices
end

-- The blast: every critter on the super volcano and its neighbours is wiped out
-- to hand; a volcano from the supply lands on each neighbouring land stack that
-- is not a volcano already (clockwise from east, as far as the supply goes);
-- the super volcano and each new ring volcano take a lava token that flows on
-- from the lava step of this very turn.
-- Where the super volcano stands: where it was marked, unless a Rift or
-- Converging plates carried it away meanwhile; then the double-stacked volcano
-- is found again on the board.
local function where()
  local q0, r0 = game.var(Q), game.var(R)
  local s = game.stack(q0, r0)
  if s.top == "volcano" and s.under == "volcano" then return q0, r0 end
  for _, at in ipairs(game.land()) do
    local t = game.stack(at.q, at.r)
    if t.top == "volcano" and t.under == "volcano" then return at.q, at.r end
  end
  return q0, r0
end

local function erupt()
  local q0, r0 = where()
  local places = { { q = q0, r = r0 } }
  for _, n in ipairs(game.neighbours(q0, r0)) do places[#places + 1] = n end
  for _, at in ipairs(places) do
    for _, c in ipairs(game.critters_at(at.q, at.r)) do game.to_hand(c.player, c.index) end
  end
  local vents = { { q = q0, r = r0 } }
  for i = 2, #places do
    local at = places[i]
    local s = game.stack(at.q, at.r)
    if s.height > 0 and s.top ~= "volcano" and game.stack_volcano(at.q, at.r) then
      vents[#vents + 1] = at
    end
  end
  for _, at in ipairs(vents) do
    -- (a Rift or Converging plates may have carried the super volcano away meanwhile)
    local s = game.stack(at.q, at.r)
    if s.height > 0 and not s.lava then game.add_lava(at.q, at.r) end
  end
  local p = game.var(PLAYER)
  if game.hand(p) > 0 then
    local choices = final_critter_choices(q0, r0)
    if #choices > 0 then
      game.ask{ player = p, tag = ASK_FINAL, choices = choices, pass = true }
    end
  end
  game.set_var(STAGE, 3)
end

on("decision", function(ev)
  if ev.choice < 0 then return end
  if ev.tag == game.tag(ASK_SUPER) then
    mark(ev)
  elseif ev.tag == game.tag(ASK_FINAL) then
    game.place_critter(ev.player, ev.q, ev.r, ev.value)
  end
end, 0, NAME)

on("turn_start", function(ev)
  local stage = game.var(STAGE)
  if stage == 1 and ev.player == game.var(PLAYER) then
    game.set_var(STAGE, 2)
    ev.buy = 0
    ev.sacrifice = 0
  elseif stage == 3 then
    if game.lava_count() == 0 then ev.over = 1 else ev.mode = game.MODE.finale end
  end
end, 0, NAME)

on("phase", function(ev)
  if game.var(STAGE) == 2 and ev.phase == game.PHASE.collect and ev.player == game.var(PLAYER) then
    erupt()
  end
end, 0, NAME)

-- Nothing is collected at the end of the trigger's last turn: the blast takes its place.
on("collect", function(ev)
  if game.var(STAGE) == 3 then ev.allowed = 0 end
end, 0, NAME)
