"""The tool catalogue: one module per category, each exporting `TOOLS: list[ToolSpec]`.

The registry imports every module of this package (pkgutil), so adding a category is one new file.
"""
