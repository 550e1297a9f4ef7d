-- Lava diversion: after a lava flow's target is rolled, every holder (in turn
-- order from the active player) may try once per flow, with two flows
-- announced together each offered: a d6 of 1-2 diverts the lava to the flank
-- clockwise before the target (seen from the source), 3-4 keeps its course,
-- 5-6 diverts it to the flank after. Diverted lava may go to any height; a
-- flank past the board's edge keeps the lava on course.
--
-- The d6 comes from the game's seeded dice, which a test cannot read: the
-- roll tests run over a fixed list of seeds and check what every outcome is
-- and that each possible one happens.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

local function at(q, r) return ("(%d,%d)"):format(q, r) end

-- Lava on a soil stack three high at `src`; `low` is its one lower
-- neighbour (one high), every other neighbour on the board three high.
local function ring(seed, src, low, extra)
  local lines = { "seed " .. seed, "turn A lava" }
  local function stack(q, r, n)
    for _ = 1, n do lines[#lines + 1] = ("tile %d %d soil"):format(q, r) end
  end
  stack(src[1], src[2], 3)
  for _, n in ipairs{ { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 } } do
    local q, r = src[1] + n[1], src[2] + n[2]
    if q >= -20 and q < 20 and r >= -20 and r < 20 then
      stack(q, r, (q == low[1] and r == low[2]) and 1 or 3)
    end
  end
  lines[#lines + 1] = ("lava %d %d"):format(src[1], src[2])
  return table.concat(lines, "\n") .. "\n" .. (extra or "")
end

local CENTRE, EAST = { 0, 0 }, { 1, 0 }   -- flanks of east: north-east (1,-1) before, south-east (0,1) after

-- Where the pending flow goes now.
local function course()
  local f = game.lava_flows()[1]
  return at(f.to_q, f.to_r)
end

test("lava diversion is offered to the holder with the flow's target", function()
  scenario(ring(1, CENTRE, EAST, "hold A Lava_diversion"))
  run()
  expect_eq(decision().kind, "script")
  expect_eq(decision().player, 0)
  expect(decision().prompt:find("(1,0)", 1, true), "the prompt does not name the target: " .. decision().prompt)
  expect(offered("Roll the d6") and offered("Let it flow"))
end)

test("lava diversion's d6 sends the lava to a flank of its target or keeps its course", function()
  local seen = { ["(1,0)"] = 0, ["(1,-1)"] = 0, ["(0,1)"] = 0 }
  for seed = 1, 36 do
    -- B holds the power too and is asked second: the course after A's roll
    -- can be read while B's question waits.
    scenario(ring(seed, CENTRE, EAST, "hold A Lava_diversion\nhold B Lava_diversion"))
    run()
    choose("Roll the d6")
    local to = course()
    expect(seen[to], "seed " .. seed .. ": the lava was sent to " .. to)
    seen[to] = seen[to] + 1
  end
  for where, n in pairs(seen) do
    expect(n >= 6, ("the lava went to %s in %d of 36 rolls"):format(where, n))
  end
end)

test("lava diversion declined leaves the lava on its course", function()
  scenario(ring(1, CENTRE, EAST, "hold A Lava_diversion\nhold B Lava_diversion"))
  run()
  pass()
  expect_eq(course(), "(1,0)")
end)

test("lava diversion asks every holder in turn order from the active player", function()
  scenario(ring(1, CENTRE, EAST, "hold A Lava_diversion\nhold B Lava_diversion"):gsub("turn A lava", "turn B lava"))
  run()
  expect_eq(decision().player, 1, "the active player was not asked first")
  pass()
  expect_eq(decision().kind, "script")
  expect_eq(decision().player, 0, "the other holder was not asked")
end)

test("a later holder's try works on the course an earlier holder diverted", function()
  local rediverted = 0
  for seed = 1, 36 do
    scenario(ring(seed, CENTRE, EAST, "hold A Lava_diversion\nhold B Lava_diversion\nhold C Lava_diversion\nplayers 3"))
    run()
    choose("Roll the d6")   -- A
    local after_a = course()
    if after_a ~= "(1,0)" then
      expect(decision().prompt:find(after_a, 1, true), "B is asked about a stale course: " .. decision().prompt)
      choose("Roll the d6")   -- B, from the course A set
      local after_b = course()
      -- From (0,0), the flanks of north-east are east and north-west; of
      -- south-east, east and south-west.
      local allowed = after_a == "(1,-1)" and { ["(1,-1)"] = 1, ["(1,0)"] = 1, ["(0,-1)"] = 1 }
                                           or { ["(0,1)"] = 1, ["(1,0)"] = 1, ["(-1,1)"] = 1 }
      expect(allowed[after_b], ("seed %d: B's roll sent the lava from %s to %s"):format(seed, after_a, after_b))
      if after_b ~= after_a then rediverted = rediverted + 1 end
    end
  end
  expect(rediverted > 0, "no later holder's roll ever changed a diverted course")
end)

test("lava diversion is offered for each flow announced together", function()
  scenario[[
    turn A lava
    hold A Lava_diversion
    tile 0 0 soil
    tile 5 0 soil
    lava 0 0
    lava 5 0
  ]]
  run()
  expect_eq(#game.lava_flows(), 2)
  local asked = {}
  for _ = 1, 2 do
    expect_eq(decision().kind, "script", "a flow was not offered")
    expect_eq(decision().player, 0)
    asked[#asked + 1] = decision().prompt
    pass()
  end
  expect(asked[1] ~= asked[2], "the same flow was offered twice: " .. asked[1])
  local sources = {}
  for _, p in ipairs(asked) do
    local q = tonumber(p:match("%((%-?%d+),"))
    sources[#sources + 1] = q and q >= 4 and "east" or "west"
  end
  table.sort(sources)
  expect_eq(table.concat(sources, " "), "east west", "the two flows were not both offered")
end)

test("a flank past the board's edge keeps the lava on course", function()
  -- Lava at (19,0) on the east edge flows south-east to (19,1): its flank
  -- before (east, past the edge) keeps the course, the one after is (18,1).
  local seen = { ["(19,1)"] = 0, ["(18,1)"] = 0 }
  for seed = 1, 24 do
    scenario(ring(seed, { 19, 0 }, { 19, 1 }, "hold A Lava_diversion\nhold B Lava_diversion"))
    run()
    choose("Roll the d6")
    local to = course()
    expect(seen[to], "seed " .. seed .. ": the lava was sent to " .. to)
    seen[to] = seen[to] + 1
  end
  expect(seen["(18,1)"] > 0 and seen["(19,1)"] > seen["(18,1)"],
         ("kept %d, diverted %d of 24"):format(seen["(19,1)"], seen["(18,1)"]))
end)

test("lava flows arrive unasked when nobody holds lava diversion", function()
  scenario(ring(1, CENTRE, EAST))
  run()
  expect(decision().kind ~= "script", "a diversion was offered")
  expect_eq(game.active(), 1, "the turn did not pass on")
end)

test("lava diversion is offered for a volcano's lava too", function()
  scenario[[
    turn B target
    hold A Lava_diversion
    tile 0 0 soil
    tile 0 0 soil
  ]]
  choose("on the stack at (0,0)")
  if decision().kind == "unlock" then choose(1) end   -- B's power first
  expect_eq(decision().kind, "script")
  expect_eq(decision().player, 0)
  expect(offered("Roll the d6"), "no diversion offered for the volcano's lava")
end)

-- Caldera bolt. The flows are announced at an internal decision where no card
-- can be played, so the bolt is played in the sacrifice step before them.
local function before_lava(seed, src, low, extra)
  return (ring(seed, src, low, extra):gsub("turn A lava", "turn A sacrifice"))
end

local BOLT_CARD = "Caldera card Lava diversion"

test("a lava diversion bolt is offered in the sacrifice step while lava on the board will flow", function()
  scenario(before_lava(1, CENTRE, EAST, "caldera A Lava_diversion"))
  expect_eq(decision().kind, "sacrifice")
  expect(offered(BOLT_CARD), "not offered with a flow to come")
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
test("a lava diversion bolt is not offered when no lava will flow", function()
  scenario[[
    turn A sacrifice
    caldera A Lava_diversion
    tile 0 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
  ]]
  expect(not offered(BOLT_CARD), "offered with no lava on the board")
  -- Lava in a pit: every neighbour as high as its stack, so it stays.
  scenario(before_lava(1, CENTRE, { 9, 9 }, "caldera A Lava_diversion"))
  expect(not offered(BOLT_CARD), "offered for lava that cannot flow")
end)

test("a lava diversion bolt lets a player without the power divert one flow at this turn's lava step", function()
  local seen = { ["(1,0)"] = 0, ["(1,-1)"] = 0, ["(0,1)"] = 0 }
  for seed = 1, 36 do
    -- B holds the power and is asked after A: the course A's roll set can be
    -- read while B's question waits.
    scenario(before_lava(seed, CENTRE, EAST, "caldera A Lava_diversion\nhold B Lava_diversion"))
    choose(BOLT_CARD)   -- nothing else to sacrifice: the turn goes on to the lava step
    expect_eq(decision().kind, "script", "seed " .. seed .. ": the bolt's diversion was not asked")
    expect_eq(decision().player, 0)
    choose("Roll the d6 for the lava flowing from (0,0) to (1,0)")
    expect_eq(decision().player, 1, "B's own try is not next")
    local to = course()
    expect(seen[to], "seed " .. seed .. ": the lava was sent to " .. to)
    seen[to] = seen[to] + 1
  end
  for where, n in pairs(seen) do
    expect(n >= 6, ("the lava went to %s in %d of 36 rolls"):format(where, n))
  end
end)

test("a lava diversion bolt gives one diversion, not one per flow", function()
  scenario[[
    turn A sacrifice
    caldera A Lava_diversion
    tile 0 0 soil
    tile 5 0 soil
    lava 0 0
    lava 5 0
  ]]
  choose(BOLT_CARD)
  expect_eq(decision().kind, "script")
  local flows = 0
  for _, o in ipairs(options()) do
    if o.text:find("Roll the d6 for the lava flowing from", 1, true) then flows = flows + 1 end
  end
  expect_eq(flows, 2, "each flow is a choice")
  choose("Roll the d6 for the lava flowing from (5,0)")
  expect(decision().kind ~= "script", "a second diversion was asked")
end)
