"""The project colour palette (48 colours), loaded by a data migration."""

PALETTE = [
    "#F44336", "#E91E63", "#9C27B0", "#673AB7", "#3F51B5", "#2196F3", "#03A9F4", "#00BCD4",
    "#009688", "#4CAF50", "#8BC34A", "#CDDC39", "#FFEB3B", "#FFC107", "#FF9800", "#FF5722",
    "#795548", "#9E9E9E", "#607D8B", "#B71C1C", "#880E4F", "#4A148C", "#311B92", "#1A237E",
    "#0D47A1", "#01579B", "#006064", "#004D40", "#1B5E20", "#33691E", "#827717", "#F57F17",
    "#FF6F00", "#E65100", "#BF360C", "#3E2723", "#212121", "#263238", "#EF9A9A", "#F48FB1",
    "#CE93D8", "#9FA8DA", "#90CAF9", "#80DEEA", "#A5D6A7", "#E6EE9C", "#FFE082", "#FFAB91",
]  # fmt: skip
