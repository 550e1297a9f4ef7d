-- Rift
-- Once in the main game (and again in your final turn) split an island in two, leaving one ocean space between the parts.

card {
  name = "Rift",
  levels = { 2, 4 },
  stars = 4,
  text = "Once in the main game (and again in your final turn) split an island in two, leaving one ocean space between the parts.",
  ruling = "Offered as the holder's buy step begins: once in the main game, once more in their final turn. The line is straight, between two rows of hexes on one of three axes, and crosses the island; the chosen part moves one space straight away from it into open ocean. Ties in the contests that follow go to the rifter.",
}

local NAME = "Rift"
local ASK_ISLAND, ASK_LINE, ASK_SLANT = "rift_island", "rift_line", "rift_slant"
local MAX = 96   -- choices a question may hold

-- Engine variables: the uses made (bit p: player p's use in the main game;
-- bit 8 + p: in their final turn), the island being rifted (a packed place)
-- and, between a two-step question's steps, the chosen line and side.
local USED = game.slot("rift.used")
local PLACE = game.slot("rift.island")
local LINE = game.slot("rift.line")

local function pack(q, r) return (q + 128) * 256 + (r + 128) end
local function unpack_place(v) return v // 256 - 128, v % 256 - 128 end

-- A rift's choice value: axis (1 q, 2 r, 3 s), line and a last digit, the
-- direction the part moves (1-6), or 7 / 8 for "the side the axis grows
-- towards / the other side" when the direction is asked next.
local function encode(axis, line, digit) return axis * 100000 + (line + 1000) * 10 + digit end
local function decode(v) return v // 100000, (v // 10) % 10000 - 1000, v % 10 end

-- How direction d (1-6, as game.neighbours) changes coordinate `axis`.
local STEP = { { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 } }
local function side_digit(axis, dir)
  local dq, dr = STEP[dir][1], STEP[dir][2]
  local change = ({ dq, dr, -dq - dr })[axis]
  return change > 0 and 7 or 8
end

local function use_bit(player)
  if game.mode() == game.MODE.normal then return 1 << player end
  if game.mode() == game.MODE.final then return 1 << (8 + player) end
  return nil
end

-- Second question: the rift line and the way the cut-off part moves, each
-- choice naming where that part's first tile lands. When the island offers
-- more rifts than a question holds, the line and side come first and the
-- direction (two slants away from the line) is a third question.
local function ask_lines(player, q, r)
  game.set_var(PLACE, pack(q, r))
  local rifts = game.rifts(q, r)
  local choices = {}
  if #rifts <= MAX then
    for _, x in ipairs(rifts) do
      choices[#choices + 1] = { value = encode(x.axis, x.line, x.dir), q = x.q, r = x.r }
    end
  else
    local seen = {}
    for _, x in ipairs(rifts) do
      local v = encode(x.axis, x.line, side_digit(x.axis, x.dir))
      if not seen[v] and #choices < MAX then
        seen[v] = true
        choices[#choices + 1] = { value = v, q = x.q, r = x.r }
      end
    end
  end
  if #choices > 0 then
    game.ask{ player = player, tag = ASK_LINE, choices = choices, pass = true }
  end
end

-- Ruling: offered as the holder's buy step begins. First question: which
-- island (value: its size; place: its first tile in board order), skipped
-- when only one island can be rifted. Passing keeps the use.
on("phase", function(ev)
  if ev.phase ~= game.PHASE.buy or not game.holds(ev.player, NAME) then return end
  local bit = use_bit(ev.player)
  if not bit or game.var(USED) & bit ~= 0 then return end
  local islands = {}
  for _, island in ipairs(game.islands()) do
    local a = island[1]
    if #island >= 2 and #islands < MAX and #game.rifts(a.q, a.r) > 0 then
      islands[#islands + 1] = { value = #island, q = a.q, r = a.r }
    end
  end
  if #islands == 1 then
    ask_lines(ev.player, islands[1].q, islands[1].r)
  elseif #islands > 1 then
    game.ask{ player = ev.player, tag = ASK_ISLAND, choices = islands, pass = true }
  end
end, 0, NAME)

-- The rift, then the contests it causes, resolved with the rifter's advantage.
local function rift(player, axis, line, dir)
  local bit = use_bit(player)
  if not bit or game.var(USED) & bit ~= 0 then return end
  local q, r = unpack_place(game.var(PLACE))
  for _, x in ipairs(game.rifts(q, r)) do   -- still possible?
    if x.axis == axis and x.line == line and x.dir == dir then
      game.rift(q, r, axis, line, dir)
      game.set_var(USED, game.var(USED) | bit)
      game.favour_contests(player)
      return
    end
  end
end

-- Third question (large islands only): which way the part moves.
local function ask_slant(player, axis, line, digit)
  game.set_var(LINE, encode(axis, line, digit))
  local q, r = unpack_place(game.var(PLACE))
  local choices = {}
  for _, x in ipairs(game.rifts(q, r)) do
    if x.axis == axis and x.line == line and side_digit(axis, x.dir) == digit then
      choices[#choices + 1] = { value = x.dir, q = x.q, r = x.r }
    end
  end
  if #choices > 0 then
    game.ask{ player = player, tag = ASK_SLANT, choices = choices, pass = true }
  end
end

on("decision", function(ev)
  if ev.choice < 0 then return end
  if ev.tag == game.tag(ASK_ISLAND) then
    ask_lines(ev.player, ev.q, ev.r)
  elseif ev.tag == game.tag(ASK_LINE) then
    local axis, line, digit = decode(ev.value)
    if digit <= 6 then rift(ev.player, axis, line, digit) else ask_slant(ev.player, axis, line, digit) end
  elseif ev.tag == game.tag(ASK_SLANT) then
    local axis, line = decode(game.var(LINE))
    rift(ev.player, axis, line, ev.value)
  end
end, 0, NAME)
