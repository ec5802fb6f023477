print("bind-bench: under construction")
