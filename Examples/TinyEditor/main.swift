print("tiny-editor: under construction")
