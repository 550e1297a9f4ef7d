-- Volcanic winter
-- A spreading winter freezes the board from a tile you choose, stopping placement, movement, sacrifice and collection where it reaches, and ends the game.

card {
  name = "Volcanic winter",
  levels = { 5, 5 },
  stars = 4,
  text = "A spreading winter freezes the board from a tile you choose, stopping placement, movement, sacrifice and collection where it reaches, and ends the game.",
}
