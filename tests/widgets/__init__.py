"""The widgets' Python side: RankingWidget, SwapWidget, goals, the fallback text."""
