"""frontiersmith.server"""
