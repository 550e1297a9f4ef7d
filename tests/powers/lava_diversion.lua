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
