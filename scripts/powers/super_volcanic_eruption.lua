-- Super volcanic eruption
-- Your next volcano may be a super volcano: it erupts when play returns to you, wiping out every critter around it, and ends the game.

card {
  name = "Super volcanic eruption",
  levels = { 5, 5 },
  stars = 4,
  text = "Your next volcano may be a super volcano: it erupts when play returns to you, wiping out every critter around it, and ends the game.",
}
