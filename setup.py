"""Maps the design card's top-level folders onto sub-packages of the one import package ``frontiersmith``."""

from setuptools import find_packages, setup

ROOTS = {
    "frontiersmith": "frontiersmith",
    "frontiersmith.store": "store",
    "frontiersmith.tools": "tools",
    "frontiersmith.sandbox": "sandbox",
    "frontiersmith.server": "server",
    "frontiersmith.agents": "agents",
}
DATA = [
    "**/*.py",
    "**/*.cpp",
    "**/*.c",
    "**/*.cc",
    "**/*.h",
    "**/*.md",
    "**/*.txt",
    "**/*.json",
    "**/*.toml",
    "**/*.yaml",
    "py.typed",
]

packages, package_dir = [], {}
for package, folder in ROOTS.items():
    package_dir[package] = folder
    packages.append(package)
    packages += [f"{package}.{sub}" for sub in find_packages(folder)]

setup(
    packages=packages,
    package_dir=package_dir,
    package_data={p: DATA for p in ROOTS},
    include_package_data=False,
)
