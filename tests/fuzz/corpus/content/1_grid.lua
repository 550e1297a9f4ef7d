-- The Volcanic Power Grid (RULINGS: The Power Grid). Slots are hexes in five
-- columns; `row` counts half rows from the bottom. Two slots share an edge when
-- they are in one column one row apart (row differs by 2), or in neighbouring
-- columns half a row apart (row differs by 1).
return {
  slots = {
    { level = 1, column = -2, row = 0 }, { level = 1, column = 0, row = 0 }, { level = 1, column = 2, row = 0 },
    { level = 2, column = -1, row = 1 }, { level = 2, column = 1, row = 1 },
    { level = 3, column = -2, row = 2 }, { level = 3, column = 0, row = 2 }, { level = 3, column = 2, row = 2 },
    { level = 4, column = -1, row = 3 }, { level = 4, column = 1, row = 3 },
    { level = 5, column = 0, row = 4 },
  },
}
