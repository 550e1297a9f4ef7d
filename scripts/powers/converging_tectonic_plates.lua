-- Converging tectonic plates
-- Once in the main game (and again in your final turn) shift a whole island up to 2 spaces; it stops as soon as it touches another island.

card {
  name = "Converging tectonic plates",
  levels = { 2, 4 },
  stars = 3,
  text = "Once in the main game (and again in your final turn) shift a whole island up to 2 spaces; it stops as soon as it touches another island.",
  ruling = "Offered as the holder's buy step begins: once in the main game, once more in their final turn. The island moves 1 or 2 spaces in one of six directions, a space at a time, stopping when it touches land. Ties in the contests that follow go to the mover.",
}

local NAME = "Converging tectonic plates"
local ASK_ISLAND, ASK_MOVE = "converging_island", "converging_move"

-- Engine variables: the uses made (bit p: player p's use in the main game;
-- bit 8 + p: in their final turn) and the island being moved, as a packed place.
local USED = game.slot("converging.used")
local PLACE = game.slot("converging.island")

local function pack(q, r) return (q + 128) * 256 + (r + 128) end
local function unpack_place(v) return v // 256 - 128, v % 256 - 128 end

-- The use this turn would spend: once in the main game (mode normal), once
-- more in the holder's final turn (mode final); none in finale turns.
local function use_bit(player)
  if game.mode() == game.MODE.normal then return 1 << player end
  if game.mode() == game.MODE.final then return 1 << (8 + player) end
  return nil
end

-- Second question: where the island goes. Each choice is a direction and a
-- distance (value 10 * direction + spaces), naming where (q, r) lands; a shift
-- that would stop short (touching other land after one space) is listed once.
local function ask_moves(player, q, r)
  game.set_var(PLACE, pack(q, r))
  local choices = {}
  for _, s in ipairs(game.island_shifts(q, r)) do
    choices[#choices + 1] = { value = s.dir * 10 + s.steps, q = s.q, r = s.r }
  end
  if #choices > 0 then
    game.ask{ player = player, tag = ASK_MOVE, choices = choices, pass = true }
  end
end

-- Ruling: offered as the holder's buy step begins. First question: which
-- island (choice value: its size; place: its first tile in board order),
-- skipped when only one island can move. Passing keeps the use.
on("phase", function(ev)
  if ev.phase ~= game.PHASE.buy or not game.holds(ev.player, NAME) then return end
  local bit = use_bit(ev.player)
  if not bit or game.var(USED) & bit ~= 0 then return end
  local islands = {}
  for _, island in ipairs(game.islands()) do
    local a = island[1]
    if #islands < 96 and #game.island_shifts(a.q, a.r) > 0 then
      islands[#islands + 1] = { value = #island, q = a.q, r = a.r }
    end
  end
  if #islands == 1 then
    ask_moves(ev.player, islands[1].q, islands[1].r)
  elseif #islands > 1 then
    game.ask{ player = ev.player, tag = ASK_ISLAND, choices = islands, pass = true }
  end
end, 0, NAME)

-- The shift, then the contests it causes, resolved with the mover's advantage.
local function converge(player, dir, steps)
  local bit = use_bit(player)
  if not bit or game.var(USED) & bit ~= 0 then return end
  local q, r = unpack_place(game.var(PLACE))
  for _, s in ipairs(game.island_shifts(q, r)) do   -- still possible?
    if s.dir == dir and s.steps == steps then
      game.shift_island(q, r, dir, steps)
      game.set_var(USED, game.var(USED) | bit)
      game.favour_contests(player)
      return
    end
  end
end

on("decision", function(ev)
  if ev.choice < 0 then return end
  if ev.tag == game.tag(ASK_ISLAND) then
    ask_moves(ev.player, ev.q, ev.r)
  elseif ev.tag == game.tag(ASK_MOVE) then
    converge(ev.player, ev.value // 10, ev.value % 10)
  end
end, 0, NAME)
