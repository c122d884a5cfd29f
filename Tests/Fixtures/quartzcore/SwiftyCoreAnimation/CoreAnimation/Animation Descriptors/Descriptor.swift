//
//  SwiftyCoreAnimation.swift
//  CoreAnimation
//
//  Created by Franklyn on 22/02/2019.
//  Copyright © 2019 Franklyn. All rights reserved.
//

import Foundation


public enum Descriptor {}

