-- Groups: several of one player's critters in one biome, moving as one
-- (Pack critters and Herding critters). Pure functions over the game.

local game, ipairs = game, ipairs

local M = {}

-- Whether two of the player's critters on the board stand in one biome:
-- every group needs it. It reads only the player's own critters and their
-- biomes' ids (game.biome_of), so it is asked before game.biomes(), which
-- builds every area of the board.
local function two_in_one_biome(player)
  local seen = {}
  for _, q, r, area in game.each_critter_places(player, "board") do
    local id = game.biome_of(q, r, area)
    if seen[id] then return true end
    seen[id] = true
  end
  return false
end

-- The player's critters in each biome, for biomes holding two or more of
-- them: list of { biome = <game.biomes() entry>, critters = {...} }.
-- `biomes`: game.biomes(), when the caller has read it already.
function M.of(player, biomes)
  local out = {}
  if not biomes and not two_in_one_biome(player) then return out end
  for _, biome in ipairs(biomes or game.biomes()) do
    local mine = {}
    for _, a in ipairs(biome.areas) do
      if a.critter and a.critter.player == player and not a.critter.peaceful then
        mine[#mine + 1] = a.critter
      end
    end
    if #mine >= 2 then out[#out + 1] = { biome = biome, critters = mine } end
  end
  return out
end

-- Whether two entries of game.biomes() (from any calls) are the same biome.
function M.same(a, b)
  local x, y = a.areas[1], b.areas[1]
  return x.q == y.q and x.r == y.r and x.area == y.area
end

-- Whether places a and b are one tile or neighbours: a hex distance of at
-- most 1 (as game.distance measures it), worked out here since it is asked
-- for every area of every biome.
local function near(a, b)
  local dq, dr = a.q - b.q, a.r - b.r
  return math.abs(dq) <= 1 and math.abs(dr) <= 1 and math.abs(dq + dr) <= 1
end

-- Whether `biome` has an area on a tile where one of `critters` stands, or
-- on a tile next to one: the biomes a group may move to.
local function connects(biome, critters)
  for _, a in ipairs(biome.areas) do
    for _, c in ipairs(critters) do
      if near(a, c) then return true end
    end
  end
  return false
end

-- The areas of `biome` a group of `size` owned by `player` may fill: free
-- ones, and (strike) those of opponents with fewer critters there than the
-- group; nil when there is not room for all of it.
local function room(biome, player, size, strike)
  local count = {}
  for _, a in ipairs(biome.areas) do
    if a.critter then count[a.critter.player] = (count[a.critter.player] or 0) + 1 end
  end
  if count[player] then return nil end
  local out = {}
  for _, a in ipairs(biome.areas) do
    local ok = not a.closed and (not a.critter or
      (strike and not a.critter.peaceful and count[a.critter.player] < size))
    if ok then out[#out + 1] = a end
  end
  return #out >= size and out or nil
end

-- The group moves of `player`: each { group, to (a biome), first (its first
-- area) }. onto: "any" (any connecting biome, striking smaller opposition)
-- or "free" (uncontrolled biomes only).
function M.moves(player, onto)
  local out = {}
  if not two_in_one_biome(player) then return out end
  local biomes = game.biomes()
  for _, g in ipairs(M.of(player, biomes)) do
    local movable = true
    for _, c in ipairs(g.critters) do if c.fixed then movable = false end end
    if movable then
      for _, to in ipairs(biomes) do
        local controlled = false
        for _, a in ipairs(to.areas) do if a.critter then controlled = true end end
        if not M.same(to, g.biome) and (onto == "any" or not controlled) and connects(to, g.critters) then
          local areas = room(to, player, #g.critters, onto == "any")
          if areas then out[#out + 1] = { group = g, to = to, first = areas[1] } end
        end
      end
    end
  end
  return out
end

-- Carries out a group move of `player` from the biome holding `lead` (a
-- critter table) to the biome holding (q, r, area): smaller opposition
-- there is struck first (strike), then the group fills the biome's free
-- areas in board order, the lead first. A blow that is parried (the critter
-- struck stays, as a Colossal critter does) leaves the biome without room for
-- the whole group: the group then stays where it is, its move spent.
function M.move(player, lead, q, r, area, strike)
  local group
  for _, g in ipairs(M.of(player)) do
    for _, c in ipairs(g.critters) do
      if c.index == lead.index then group = g end
    end
  end
  if not group then return end
  local size = #group.critters
  if strike then
    local count = {}
    local targets = game.biome_areas(q, r, area)
    for _, a in ipairs(targets) do
      if a.critter then count[a.critter.player] = (count[a.critter.player] or 0) + 1 end
    end
    for _, a in ipairs(targets) do
      local c = a.critter
      if c and c.player ~= player and not c.peaceful and count[c.player] < size then
        game.hit(c.player, c.index, "takeover")
      end
    end
  end
  local free = {}
  for _, a in ipairs(game.biome_areas(q, r, area)) do
    if a.free and not a.closed then free[#free + 1] = a end
  end
  if #free < size then return end
  local movers = { lead }
  for _, c in ipairs(group.critters) do
    if c.index ~= lead.index then movers[#movers + 1] = c end
  end
  for k, c in ipairs(movers) do
    game.move_critter(player, c.index, free[k].q, free[k].r, free[k].area)
  end
end

-- In a contest, a player holding a group power keeps every critter the
-- base rule lets win, not just one: the unique top keeps top - second. It
-- only ever raises a keep: what another handler let stay (critters sharing
-- a biome by Cooperative critters keep all) stays.
function M.keep_all(ev, player)
  if ev.keep[player] == 0 then return end
  local second = 0
  for p = 0, game.players() - 1 do
    if p ~= player and ev.count[p] > second then second = ev.count[p] end
  end
  ev.keep[player] = math.max(ev.keep[player], ev.count[player] - second)
end

return M
