-- Landslide: whenever a volcano is activated, each holder (in turn order from
-- the active player) may slide the top tile of a stack of two or more next to
-- the volcano onto a lower land stack next to that stack (not the volcano);
-- edges need not match. Critters riding the tile survive; those under it flee
-- as from lava, paying to evacuate, or are lost. Caldera bolt: a slide when
-- your own volcano erupts this turn, offered while choosing its target.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

local function choices()
  local out = {}
  for _, o in ipairs(options()) do
    if o.verb == "choose" then out[#out + 1] = ("(%d,%d)"):format(o.q, o.r) end
  end
  table.sort(out)
  return table.concat(out, " ")
end

-- The volcano goes on (0,0). Next to it, (1,0) is a medium Uno on a light
-- one, A's critter riding it; beyond, B's critter on a light Uno at (2,0)
-- whose biome runs on to (3,0).
local function sliding(volcano_by, extra)
  return ([[
    turn %s target
    tile 0 0 uno_dark
    tile 1 0 uno_light
    tile 1 0 uno_medium
    tile 2 0 uno_light
    tile 3 0 uno_light
    critter A 1 0 medium
    critter B 2 0 light
  ]]):format(volcano_by) .. (extra or "")
end

local function slide_1_0_onto_2_0()
  choose("on the stack at (0,0)")
  expect_eq(decision().kind, "script", "no landslide was offered")
  choose("The top tile of the stack at (1,0)")
  choose("Onto the stack at (2,0)")
end

test("landslide slides the top tile next to the volcano onto a lower stack, edges unmatched", function()
  scenario(sliding("A", "hold A Landslide"))
  slide_1_0_onto_2_0()
  expect_eq(game.stack(1, 0).height, 1)
  expect_eq(game.stack(1, 0).tile, "uno_light")
  expect_eq(game.stack(2, 0).height, 2)
  expect_eq(game.stack(2, 0).tile, "uno_medium", "the medium Uno did not land among light edges")
end)

test("critters riding the sliding tile survive", function()
  scenario(sliding("A", "hold A Landslide"))
  slide_1_0_onto_2_0()
  local c = game.critter(0, 1)
  expect_eq(c.place, "board")
  expect_eq(c.q, 2)
  expect_eq(c.biome, "medium")
end)

test("critters under the landing tile may pay to flee as from lava", function()
  scenario(sliding("A", "hold A Landslide\nresources B dark 2"))
  slide_1_0_onto_2_0()
  expect_eq(decision().kind, "evacuate")
  expect_eq(decision().player, 1)
  choose("to the light area at (3,0) paying 2 dark")
  local c = game.critter(1, 1)
  expect_eq(c.q, 3)
  expect_eq(game.resources(1).dark, 0)
end)

test("critters under the landing tile that cannot flee are lost", function()
  scenario(sliding("A", "hold A Landslide"))   -- B cannot pay to evacuate
  slide_1_0_onto_2_0()
  expect(game.critter(1, 1).place ~= "board", "B's critter survived being crushed")
end)

test("landslide may be declined", function()
  scenario(sliding("A", "hold A Landslide"))
  choose("on the stack at (0,0)")
  pass()
  expect_eq(game.stack(1, 0).height, 2)
  expect_eq(game.stack(2, 0).height, 1)
end)

test("landslide slides stacks next to the volcano with lower land beside them", function()
  scenario(sliding("A", "hold A Landslide\ntile -1 0 uno_dark\ntile 0 -1 uno_dark\ntile 0 -1 uno_dark\n" ..
                        "tile 5 0 trio_dml\ntile 5 0 trio_dml\ntile 6 0 trio_dlm"))
  choose("on the stack at (0,0)")
  -- (0,-1) is two high over (-1,0); (-1,0) is one high; (5,0) is not next
  -- to the volcano.
  expect_eq(choices(), "(0,-1) (1,0)")
end)

test("landslide lands only on lower land next to the stack, never on the volcano, lava or ocean", function()
  scenario(sliding("A", [[
    hold A Landslide
    tile 2 -1 uno_dark
    tile 2 -1 uno_dark
    tile 1 1 uno_dark
    lava 1 1
  ]]))
  choose("on the stack at (0,0)")
  choose("The top tile of the stack at (1,0)")
  -- Neighbours of (1,0): (2,0) lower; (2,-1) as high; (1,1) lava; (0,0)
  -- the volcano; (1,-1) and (0,1) ocean.
  expect_eq(choices(), "(2,0)")
end)

test("landslide is offered at another player's volcano too", function()
  scenario(sliding("B", "hold A Landslide"))
  choose("on the stack at (0,0)")
  expect_eq(decision().kind, "script")
  expect_eq(decision().player, 0, "the holder was not asked")
end)

test("landslide is not offered without the power", function()
  scenario(sliding("A"))
  choose("on the stack at (0,0)")
  expect(decision().kind ~= "script", "a landslide was offered")
  expect_eq(game.stack(1, 0).height, 2)
end)

test("landslide asks each holder in turn order from the active player", function()
  scenario(sliding("B", "hold A Landslide\nhold B Landslide"))
  choose("on the stack at (0,0)")
  expect_eq(decision().player, 1, "the active player was not asked first")
  pass()
  expect_eq(decision().kind, "script")
  expect_eq(decision().player, 0, "the other holder was not asked")
end)

test("a landslide bolt gives a slide at the player's own volcano", function()
  scenario(sliding("A", "caldera A Landslide"))
  expect(offered("Caldera card Landslide"), "not offered while choosing the target")
  choose("Caldera card Landslide")
  slide_1_0_onto_2_0()
  expect_eq(game.stack(2, 0).tile, "uno_medium")
end)

test("a landslide bolt is not offered in the move step", function()
  scenario[[
    turn A move
    caldera A Landslide
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    critter A 0 0 dark
  ]]
  expect_eq(decision().kind, "move")
  expect(not offered("Caldera card Landslide"), "offered in the move step")
end)

test("a critter crushed by a landslide is told a tile slides onto it, on the area it stood on", function()
  scenario[[
    turn A target
    hold A Landslide
    tile 0 0 uno_dark
    tile 1 0 uno_light
    tile 1 0 uno_medium
    tile 2 0 uno_light
    tile 3 0 uno_light
    critter B 2 0 light
    resources B dark 2
  ]]
  choose("on the stack at (0,0)")
  choose("The top tile of the stack at (1,0)")
  choose("Onto the stack at (2,0)")
  expect_eq(decision().kind, "evacuate")
  local prompt = decision().prompt
  expect(not prompt:find("Lava") and not prompt:find("medium area"), "prompt: " .. prompt)
  expect(prompt:find("A tile slides onto your critter on the light area at (2,0)", 1, true), "prompt: " .. prompt)
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
test("a landslide bolt is not offered when no stack could slide beside a volcano", function()
  scenario[[
    turn A target
    caldera A Landslide
    tile 0 0 uno_dark
    tile 1 0 uno_light
    tile 2 0 uno_light
    critter B 2 0 light
  ]]
  expect(not offered("Caldera card Landslide"), "offered on flat land")
end)

test("a landslide bolt is not offered to a holder, who slides at every volcano", function()
  scenario(sliding("A", "hold A Landslide\ncaldera A Landslide"))
  expect(not offered("Caldera card Landslide"), "offered to a holder")
end)

test("a landslide bolt is not offered when the only lower stack is the only place beside it for the volcano", function()
  scenario[[
    turn A target
    caldera A Landslide
    tile 0 0 uno_dark
    tile 1 0 uno_light
    tile 1 0 uno_medium
    critter B 1 0 medium
  ]]
  expect(not offered("Caldera card Landslide"), "offered for a slide onto the volcano's own stack")
end)
