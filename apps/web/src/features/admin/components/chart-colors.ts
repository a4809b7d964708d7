/** The charts' series colours: the brand's accent first, each distinct on white (canvas takes no CSS variables). */
export const chartColors = ['#5b45f5', '#0e9f6e', '#1b6e45', '#d97706', '#c62828'] as const;
