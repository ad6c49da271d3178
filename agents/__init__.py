"""frontiersmith.agents"""
