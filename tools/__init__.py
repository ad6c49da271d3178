"""frontiersmith.tools"""
