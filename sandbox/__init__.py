"""frontiersmith.sandbox"""
