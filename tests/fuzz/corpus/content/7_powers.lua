return { { name = "X", levels = { 1, 2 }, stars = 1 } }
