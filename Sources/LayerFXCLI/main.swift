print("layerfx")
