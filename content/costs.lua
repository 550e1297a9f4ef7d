-- Prices. A price is `any` tokens of any types, or `alike` tokens of one type,
-- or `each` tokens of every type. Which tokens pay is the payer's choice.
return {
  trio = { any = 2 },
  duo = { any = 3, alike = 2 },
  uno = { any = 4, alike = 3 },
  volcano = { any = 6, alike = 5 },
  island = { any = 7, crater = 3, tiles = 3, max_distance = 2 },
  caldera = { each = 1 },
  sacrifice = { any = 5 },     -- a critter from hand to the crater
  evacuation = { any = 2 },    -- per critter fleeing lava
  point = { any = 3 },         -- end-game points
}
