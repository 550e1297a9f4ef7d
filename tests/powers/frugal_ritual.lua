-- Frugal ritual: the sacrifice from hand costs 2 resources of different
-- types instead of 5. Caldera bolt: this turn's sacrifice from hand costs the
-- same; offered in the sacrifice step only.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

local function hand_sacrifices()
  local out = {}
  for _, o in ipairs(options()) do
    if o.verb == "sacrifice_hand" then out[#out + 1] = o.text end
  end
  table.sort(out)
  return table.concat(out, " | ")
end

local function sacrificing(resources, extra)
  return ([[
    turn A sacrifice
    tile 0 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    resources A %s
  ]]):format(resources) .. (extra or "")
end

test("frugal ritual's sacrifice from hand costs two resources of different types", function()
  scenario(sacrificing("dark 2 medium 1", "hold A Frugal_ritual"))
  expect_eq(hand_sacrifices(), "sacrifice a critter from hand paying 1 dark + 1 medium")
  choose("sacrifice a critter from hand")
  expect_eq(game.crater(0), 1)
  local r = game.resources(0)
  expect_eq(r.dark, 1)
  expect_eq(r.medium, 0)
end)

test("frugal ritual offers each pair of different types as its own payment", function()
  scenario(sacrificing("dark 1 medium 1 light 1", "hold A Frugal_ritual"))
  expect_eq(hand_sacrifices(), "sacrifice a critter from hand paying 1 dark + 1 light | " ..
    "sacrifice a critter from hand paying 1 dark + 1 medium | sacrifice a critter from hand paying 1 medium + 1 light")
end)

test("frugal ritual's two resources must be of different types", function()
  scenario(sacrificing("dark 4", "hold A Frugal_ritual"))
  expect_eq(hand_sacrifices(), "")
end)

test("without frugal ritual the sacrifice from hand costs five", function()
  scenario(sacrificing("dark 2 medium 2"))
  expect_eq(hand_sacrifices(), "")
  scenario(sacrificing("dark 3 medium 2"))
  expect_eq(hand_sacrifices(), "sacrifice a critter from hand paying 3 dark + 2 medium")
end)

test("frugal ritual lowers the holder's price only", function()
  scenario(sacrificing("dark 2 medium 2", "hold B Frugal_ritual"))
  expect_eq(hand_sacrifices(), "")
end)

test("a frugal ritual bolt makes this turn's sacrifice from hand cost two different resources", function()
  scenario(sacrificing("dark 1 medium 1", "caldera A Frugal_ritual"))
  expect_eq(hand_sacrifices(), "", "the price was low before the bolt")
  choose("Caldera card Frugal ritual")
  choose("sacrifice a critter from hand paying 1 dark + 1 medium")
  expect_eq(game.crater(0), 1)
  expect_eq(game.resources(0).dark + game.resources(0).medium, 0)
end)

test("a frugal ritual bolt is offered in the sacrifice step but not in the claim step", function()
  scenario[[
    turn A claim
    caldera A Frugal_ritual
    tile 0 0 uno_dark
    tile 3 0 uno_light
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    resources A dark 1 medium 1
  ]]
  expect_eq(decision().kind, "claim")
  expect(not offered("Caldera card Frugal ritual"), "offered in the claim step")
  pass()
  expect_eq(decision().kind, "sacrifice")
  expect(offered("Caldera card Frugal ritual"), "not offered in the sacrifice step")
end)

-- A power never takes an option away: the usual price stays open to a
-- holder whose resources are all of one type.
test("frugal ritual leaves the usual price to a holder of one resource type", function()
  scenario(sacrificing("dark 5", "hold A Frugal_ritual"))
  expect_eq(hand_sacrifices(), "sacrifice a critter from hand paying 5 dark")
  choose("sacrifice a critter from hand")
  expect_eq(game.crater(0), 1)
  expect_eq(game.resources(0).dark, 0)
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
test("a frugal ritual bolt is not offered to a holder, who pays the frugal price already", function()
  scenario(sacrificing("dark 1 medium 1", "hold A Frugal_ritual\ncaldera A Frugal_ritual"))
  expect(not offered("Caldera card Frugal ritual"), "offered to a holder")
end)

test("a frugal ritual bolt is not offered without two resources of different types", function()
  scenario(sacrificing("dark 5", "caldera A Frugal_ritual"))
  expect(offered("sacrifice a critter from hand paying 5 dark"), "the usual price is not offered")
  expect(not offered("Caldera card Frugal ritual"), "offered with resources of one type")
end)

test("a frugal ritual bolt is not offered when the crater is full", function()
  scenario(sacrificing("dark 1 medium 1", "caldera A Frugal_ritual\ncrater A 3"))
  expect(not offered("Caldera card Frugal ritual"), "offered with no room in the crater")
end)

test("a frugal ritual bolt is not offered after this turn's sacrifice from hand", function()
  scenario[[
    turn A claim
    caldera A Frugal_ritual
    tile 0 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    resources A dark 5 medium 1
  ]]
  pass()
  expect_eq(decision().kind, "sacrifice")
  expect(offered("Caldera card Frugal ritual"), "not offered before the sacrifice")
  choose("sacrifice a critter from hand paying 5 dark")
  expect_eq(decision().kind, "sacrifice", "the board sacrifice is still to choose")
  expect(not offered("Caldera card Frugal ritual"), "offered after the sacrifice from hand")
end)

-- No land tile left to buy: entering the buy step sacrifices a critter from
-- hand and goes straight on to the sacrifice step.
test("a frugal ritual bolt is not offered after a forced sacrifice from hand", function()
  local empty = {}
  for _, t in ipairs{ "uno_dark", "uno_medium", "uno_light", "duo_dark_medium", "duo_dark_light",
                      "duo_medium_light", "trio_dml", "trio_dlm" } do
    empty[#empty + 1] = "supply " .. t .. " 0"
  end
  scenario(([[
    turn A move
    caldera A Frugal_ritual
    tile 0 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    resources A dark 1 medium 1
  ]]) .. table.concat(empty, "\n"))
  pass()
  expect_eq(decision().kind, "sacrifice")
  expect_eq(game.crater(0), 1, "no forced sacrifice")
  expect(not offered("Caldera card Frugal ritual"), "offered after the forced sacrifice")
end)
