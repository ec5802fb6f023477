print("bindc: under construction")
