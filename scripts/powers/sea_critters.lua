-- Sea critters
-- Once per turn place a critter in the ocean, move a sea critter to another ocean space, or bring it ashore onto an uncontrolled biome.

card {
  name = "Sea critters",
  levels = { 2, 4 },
  bolt = true,
  stars = 1,
  text = "Once per turn place a critter in the ocean, move a sea critter to another ocean space, or bring it ashore onto an uncontrolled biome.",
  ruling = "The sea action is offered as the claim step begins. A sea critter stands in an ocean space next to land, one per space, and swims any distance to another; it comes ashore onto a free area of an uncontrolled biome on a tile next to its space. At sea it controls, collects and scores nothing, cannot be sacrificed and does not count for targeting. Lava in its space leaves it be; when the lava turns to soil it swims to the nearest open space. Caldera bolt: one sea action at once.",
}

local NAME = "Sea critters"
local TAG = "sea_critters"            -- an action: value = KIND * 1000 + critter * 10 + area
local PICK = "sea_critters_pick"      -- first step when the actions are too many: value = critter (0: from hand)

local PLACE, ASHORE, SWIM, MORE = 1, 2, 3, 9
local MAX_CHOICES = 96                -- what game.ask allows

-- The actions open to `player` with `who`: 0 a critter from hand, else sea critter `who`.
local function actions(player, who)
  local list = {}
  if who == 0 then
    if game.hand(player) == 0 then return list end
    for _, s in ipairs(game.sea_spaces()) do
      list[#list + 1] = { value = PLACE * 1000, q = s.q, r = s.r }
    end
    return list
  end
  local c = game.critters(player)[who]
  if c.place ~= "sea" or game.frozen(c.q, c.r) then return list end
  for _, l in ipairs(game.sea_landings(player, who)) do
    list[#list + 1] = { value = ASHORE * 1000 + who * 10 + l.area, q = l.q, r = l.r }
  end
  for _, s in ipairs(game.sea_spaces()) do
    list[#list + 1] = { value = SWIM * 1000 + who * 10, q = s.q, r = s.r }
  end
  return list
end

-- The subjects that have an action: 0 for the hand, then sea critters by index.
local function subjects(player)
  local list = {}
  if #actions(player, 0) > 0 then list[1] = 0 end
  for _, c in ipairs(game.critters(player)) do
    if c.place == "sea" and #actions(player, c.index) > 0 then list[#list + 1] = c.index end
  end
  return list
end

-- Asks page `page` (from 0) of `who`'s actions; a "more" choice leads to the next page.
local function ask_page(player, who, page)
  local all = actions(player, who)
  if #all == 0 then return end
  if #all <= MAX_CHOICES then
    game.ask{ player = player, tag = TAG, choices = all, pass = true }
    return
  end
  local size = MAX_CHOICES - 1
  local choices = {}
  for i = page * size + 1, math.min(#all, (page + 1) * size) do choices[#choices + 1] = all[i] end
  local next_page = (#all > (page + 1) * size) and page + 1 or 0
  choices[#choices + 1] = MORE * 1000 + who * 10 + next_page % 10
  game.ask{ player = player, tag = TAG, choices = choices, pass = true }
end

-- One sea action for `player`: a single question when it fits, else the subject first.
local function offer(player)
  local whos = subjects(player)
  if #whos == 0 then return end
  if #whos == 1 then return ask_page(player, whos[1], 0) end
  local all = {}
  for _, who in ipairs(whos) do
    for _, a in ipairs(actions(player, who)) do all[#all + 1] = a end
    if #all > MAX_CHOICES then break end
  end
  if #all <= MAX_CHOICES then
    game.ask{ player = player, tag = TAG, choices = all, pass = true }
    return
  end
  local choices = {}
  for _, who in ipairs(whos) do
    if who == 0 then
      choices[#choices + 1] = 0
    else
      local c = game.critters(player)[who]
      choices[#choices + 1] = { value = who, q = c.q, r = c.r }
    end
  end
  game.ask{ player = player, tag = PICK, choices = choices, pass = true }
end

on("phase", function(ev)
  if ev.phase == game.PHASE.claim and game.holds(ev.player, NAME) then offer(ev.player) end
end, 0, NAME)

-- Caldera bolt: one sea action now, whatever the step.
on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then offer(ev.player) end
end, 0, NAME)

-- Whether an answered action is still open: another question answered first
-- (a Rift moving an island, say) may have changed the coast since it was asked.
local function still_open(player, who, value, q, r)
  for _, a in ipairs(actions(player, who)) do
    if a.value == value and a.q == q and a.r == r then return true end
  end
  return false
end

on("decision", function(ev)
  if ev.choice < 0 then return end
  if ev.tag == game.tag(PICK) then
    ask_page(ev.player, ev.value, 0)
  elseif ev.tag == game.tag(TAG) then
    local kind, who, area = ev.value // 1000, ev.value // 10 % 100, ev.value % 10
    if kind ~= MORE and not still_open(ev.player, who, ev.value, ev.q, ev.r) then
      offer(ev.player)   -- stale: ask again with the actions open now
    elseif kind == PLACE then
      game.put_to_sea(ev.player, ev.q, ev.r)
    elseif kind == ASHORE then
      game.come_ashore(ev.player, who, ev.q, ev.r, area)
    elseif kind == SWIM then
      game.swim(ev.player, who, ev.q, ev.r)
    elseif kind == MORE then
      ask_page(ev.player, who, area)
    end
  end
end, 0, NAME)
