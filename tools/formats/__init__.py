"""Problem package formats: native ``problem.yaml`` packages and FrontierCS / FrontierSmith packages."""
