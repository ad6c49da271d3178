"""frontiersmith.store"""
